package org.slotlab.app.report;

/** The version Slotlab was built as, for report footers, exports and {@code slotlab --version}. */
public final class Version {

    private Version() {}

    /** The jar's Implementation-Version, or {@code 0.1.0-dev} when run from classes. */
    public static String current() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-dev" : v;
    }

    /** The footer line every report and export ends with. */
    public static String modelledBy() {
        return "Slotlab " + current() + " (modelled, not measured)";
    }
}
