package org.slotlab.app.report;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version Slotlab was built as, for report footers, exports and {@code slotlab --version}:
 * {@code org/slotlab/app/build.properties}, written by the build (the project version and
 * {@code git describe --tags --always --dirty} of the checkout it was built from).
 */
public final class Version {

    private static final Properties BUILD = load();

    private Version() {}

    /** The project version ({@code 0.1.0-SNAPSHOT}), or {@code 0.1.0-dev} when the build wrote none. */
    public static String current() {
        String v = BUILD.getProperty("version");
        if (v == null) {
            v = Version.class.getPackage().getImplementationVersion();
        }
        return v == null ? "0.1.0-dev" : v;
    }

    /** What {@code git describe} said when this was built ({@code e354e7d-dirty}), or {@code unknown}. */
    public static String build() {
        return BUILD.getProperty("build", "unknown");
    }

    /** {@code Slotlab 0.1.0-SNAPSHOT (git e354e7d)}: what {@code slotlab --version} prints. */
    public static String full() {
        return "Slotlab " + current() + " (git " + build() + ")";
    }

    /** The footer line every report and export ends with. */
    public static String modelledBy() {
        return "Slotlab " + current() + " (modelled, not measured)";
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/org/slotlab/app/build.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException ignored) {
            // no build information: the fallbacks above
        }
        return p;
    }
}
