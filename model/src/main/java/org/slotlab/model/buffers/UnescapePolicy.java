package org.slotlab.model.buffers;

/**
 * What the JSON parser does with the buffer of a string that contained escapes (
 * ruby/json PR #1135 (https://github.com/ruby/json/pull/1135), ruby/json PR #1135). All three start from json 2.9.1's
 * {@code rb_str_buf_new(escaped_length)} (parser.rl:917-1030, RUBY_FACTS.md "JSON parser
 * strings") and decode into it.
 */
public enum UnescapePolicy {
    /** json 2.9.1 as shipped: {@code rb_str_set_len(result, decoded)}; the escaped-size capacity stays. */
    SET_LEN("set_len"),
    /** The PR: {@code rb_str_resize(result, decoded)}, CRuby's shrink rules (string.c:3321-3373). */
    RESIZE("resize"),
    /** The PR's rejected first try: copy into an exact-size string, free the first buffer. */
    EXACT("exact");

    private final String cliName;

    UnescapePolicy(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    /** Parses set_len, resize or exact. */
    public static UnescapePolicy parse(String s) {
        for (UnescapePolicy p : values()) {
            if (p.cliName.equals(s == null ? "" : s.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown unescape policy '" + s + "' (known: set_len, resize, exact)");
    }
}
