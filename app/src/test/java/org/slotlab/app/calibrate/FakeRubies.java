package org.slotlab.app.calibrate;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Fake {@code ruby} executables: /bin/sh scripts that answer the runner's RUBY_VERSION query
 * ({@code ruby --disable-gems -e ...}) and then do what a test needs for each probe ($2 is the
 * probe script's path), as model's RubyProbeRunnerTest makes them.
 */
public final class FakeRubies {

    /** Debian 12's ruby 3.1.2, committed layout.rb output. */
    public static final String LAYOUT_31 = "/sample-data/measured/layout-ruby-3.1.2-debian12-x86_64.json";
    /** Debian 12's ruby 3.1.2, committed quick timing.rb output. */
    public static final String TIMING_31 = "/sample-data/measured/timing-quick-ruby-3.1.2-debian12-x86_64.json";
    /** Debian 12's ruby 3.1.2, committed measure.rb output (frozen source). */
    public static final String MEASURE_31 = "/calibrate/measure-frozen-ruby-3.1.2.json";

    private FakeRubies() {
    }

    /** A script answering {@code version} and then running {@code body}. */
    public static Path script(Path dir, String version, String body) throws IOException {
        Path p = dir.resolve("ruby");
        String s = "#!/bin/sh\n"
                + "if [ \"$2\" = \"-e\" ]; then printf '%s' '" + version + "'; exit 0; fi\n"
                + body + "\n";
        Files.writeString(p, s, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    /** Copies a classpath resource into {@code dir}. */
    public static Path resource(Path dir, String resource) throws IOException {
        try (InputStream in = FakeRubies.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("test resource missing: " + resource);
            }
            Path f = dir.resolve(resource.substring(resource.lastIndexOf('/') + 1));
            Files.copy(in, f, StandardCopyOption.REPLACE_EXISTING);
            return f;
        }
    }

    /** Prints the committed output of each probe; timing.rb reports two progress steps first. */
    public static Path replaying(Path dir) throws IOException {
        return script(dir, "3.1.2", "case \"$2\" in\n"
                + "  *layout.rb) cat '" + resource(dir, LAYOUT_31) + "' ;;\n"
                + "  *timing.rb) echo 'slotlab-progress 0 2 first' >&2; echo 'slotlab-progress 1 2 second' >&2; cat '"
                + resource(dir, TIMING_31) + "' ;;\n"
                + "  *measure.rb) echo 'slotlab-progress 1 4 len 23' >&2; cat '" + resource(dir, MEASURE_31) + "' ;;\n"
                + "  *) echo \"unexpected probe $2\" >&2; exit 3 ;;\n"
                + "esac");
    }

    /** Answers layout.rb, then hangs in timing.rb after one progress line, its pid in {@code pidFile}. */
    public static Path hangingInTiming(Path dir, Path pidFile) throws IOException {
        return script(dir, "3.1.2", "case \"$2\" in\n"
                + "  *layout.rb) cat '" + resource(dir, LAYOUT_31) + "' ;;\n"
                + "  *timing.rb) echo $$ > '" + pidFile + "'; echo 'slotlab-progress 1 20 first row' >&2; exec sleep 600 ;;\n"
                + "esac");
    }
}
