package org.slotlab.model.calibrate;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A CRuby version as {@code RUBY_VERSION} spells it ({@code "3.4.5"}, {@code "3.5.0"} on a
 * master build, {@code "2.6.10"}), ordered numerically. Only major, minor and teeny matter for
 * choosing what the probes can expect (e.g. {@code GC.stat_heap} exists from 3.2); a pre-release
 * suffix ({@code "3.5.0-preview1"}) is kept in {@link #text()} and ignored in the order.
 *
 * @param major first component
 * @param minor second component
 * @param teeny third component (CRuby's word for the patch number; 0 when absent)
 * @param text the string as Ruby printed it
 */
public record RubyVersion(int major, int minor, int teeny, String text) implements Comparable<RubyVersion> {

    /** The oldest Ruby the probe scripts are written for; older ones are refused before any probe runs. */
    public static final RubyVersion MINIMUM = new RubyVersion(2, 7, 0, "2.7.0");

    private static final Pattern FORM = Pattern.compile("(\\d+)\\.(\\d+)(?:\\.(\\d+))?(?:[-.+\\w]*)");

    /** Parses {@code RUBY_VERSION}; empty when the text is not a version. */
    public static Optional<RubyVersion> parse(String text) {
        String t = text == null ? "" : text.strip();
        Matcher m = FORM.matcher(t);
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            int teeny = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
            return Optional.of(new RubyVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), teeny, t));
        } catch (NumberFormatException tooLong) {
            return Optional.empty();
        }
    }

    public boolean isAtLeast(int wantMajor, int wantMinor) {
        return major > wantMajor || (major == wantMajor && minor >= wantMinor);
    }

    @Override
    public int compareTo(RubyVersion o) {
        int c = Integer.compare(major, o.major);
        if (c == 0) {
            c = Integer.compare(minor, o.minor);
        }
        return c != 0 ? c : Integer.compare(teeny, o.teeny);
    }

    @Override
    public String toString() {
        return text;
    }
}
