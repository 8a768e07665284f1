package org.slotlab.app;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Picks this machine's JavaFX natives out of {@code slotlab.jar}, which carries those of every
 * platform OpenJFX publishes for the desktop ({@code natives/linux}, {@code natives/linux-aarch64},
 * {@code natives/mac}, {@code natives/mac-aarch64}, {@code natives/win}): Linux x64 and aarch64
 * libraries share their file names, as do the two macOS ones, so none can sit at the jar's root
 * where JavaFX looks first. Before the toolkit starts, the platform's directory is copied to
 * JavaFX's own cache ({@code ~/.openjfx/cache/<version>/<os.arch>}, or {@code javafx.cachedir})
 * and put first on {@code java.library.path}, which JavaFX's {@code NativeLibLoader} searches
 * after the jar's root. Nothing happens when JavaFX finds its natives by itself: beside the jar
 * (the app image), at the classpath root (Maven's classpath) or in the runtime (the module path).
 */
public final class Natives {

    /** Directory of the jar that holds every platform's natives, one subdirectory each. */
    public static final String ROOT = "natives/";

    private Natives() {}

    /**
     * The OpenJFX classifier of a machine: {@code linux}, {@code linux-aarch64}, {@code mac},
     * {@code mac-aarch64} or {@code win}; empty for one JavaFX has no desktop build for.
     */
    public static Optional<String> platform(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        boolean arm64 = arch.equals("aarch64") || arch.equals("arm64");
        boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
        if (os.startsWith("windows")) {
            return x64 ? Optional.of("win") : Optional.empty();
        }
        if (os.startsWith("mac") || os.startsWith("darwin")) {
            return arm64 ? Optional.of("mac-aarch64") : x64 ? Optional.of("mac") : Optional.empty();
        }
        if (os.startsWith("linux")) {
            return arm64 ? Optional.of("linux-aarch64") : x64 ? Optional.of("linux") : Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * Makes this platform's natives findable by JavaFX (call before the toolkit starts). A machine
     * without a build, or a jar without natives, is left to JavaFX, which names what it misses.
     */
    public static void prepare() {
        String glass = System.mapLibraryName("glass");
        if (ClassLoader.getSystemResource(glass) != null) {
            return;
        }
        Optional<Path> jar = ownJar();
        Optional<String> platform = platform(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
        if (jar.isEmpty() || platform.isEmpty() || Files.exists(jar.get().resolveSibling(glass))) {
            return;
        }
        try {
            Path dir = cacheDir();
            if (extract(jar.get(), ROOT + platform.get() + "/", dir) > 0) {
                String old = System.getProperty("java.library.path", "");
                System.setProperty("java.library.path", old.isEmpty() ? dir.toString() : dir + File.pathSeparator + old);
            }
        } catch (IOException e) {
            System.err.println("slotlab: cannot unpack JavaFX's libraries for " + platform.get() + ": " + e.getMessage());
        }
    }

    /**
     * Copies the entries under {@code prefix} to {@code dir} (only those missing or of another
     * size; each through a temporary file moved into place, so a second launch never sees half a
     * library); returns how many the jar has.
     */
    static int extract(Path jar, String prefix, Path dir) throws IOException {
        int n = 0;
        try (JarFile jf = new JarFile(jar.toFile(), false)) {
            List<JarEntry> entries = new ArrayList<>();
            for (Enumeration<JarEntry> e = jf.entries(); e.hasMoreElements();) {
                JarEntry je = e.nextElement();
                if (je.getName().startsWith(prefix) && !je.isDirectory() && je.getName().indexOf('/', prefix.length()) < 0) {
                    entries.add(je);
                }
            }
            for (JarEntry je : entries) {
                n++;
                Path target = dir.resolve(je.getName().substring(prefix.length()));
                if (Files.isRegularFile(target) && Files.size(target) == je.getSize()) {
                    continue;
                }
                Files.createDirectories(dir);
                Path tmp = Files.createTempFile(dir, target.getFileName().toString(), ".part");
                try (InputStream in = jf.getInputStream(je)) {
                    Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
        }
        return n;
    }

    /** JavaFX's cache directory for its natives, as {@code NativeLibLoader} names it. */
    static Path cacheDir() {
        String version = System.getProperty("javafx.runtime.version", javafxVersion());
        String user = System.getProperty("javafx.cachedir", "");
        return user.isEmpty()
                ? Path.of(System.getProperty("user.home"), ".openjfx", "cache", version, System.getProperty("os.arch"))
                : Path.of(user);
    }

    /** The JavaFX version the jar was built with ({@code javafx.properties} of javafx-base). */
    private static String javafxVersion() {
        try (InputStream in = ClassLoader.getSystemResourceAsStream("javafx.properties")) {
            if (in != null) {
                java.util.Properties p = new java.util.Properties();
                p.load(in);
                return p.getProperty("javafx.runtime.version", p.getProperty("javafx.version", "versionless"));
            }
        } catch (IOException ignored) {
            // fall through
        }
        return "versionless";
    }

    /** The jar this class was loaded from, if it was loaded from one. */
    private static Optional<Path> ownJar() {
        try {
            var src = Natives.class.getProtectionDomain().getCodeSource();
            if (src == null) {
                return Optional.empty();
            }
            Path p = Path.of(src.getLocation().toURI());
            return Files.isRegularFile(p) && p.toString().endsWith(".jar") ? Optional.of(p) : Optional.empty();
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
