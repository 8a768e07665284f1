package org.slotlab.model.buffers;

/**
 * What the JSON parser does with the buffer of a string that contained escapes (ruby/json PR
 * #1135, https://github.com/ruby/json/pull/1135). The first three start from json 2.9.1's
 * {@code rb_str_buf_new(escaped_length)} (parser.rl json_string_unescape, CRuby 3.4.5's bundled
 * json) and decode into it; the last is what json did before it used the string as its buffer
 * (ruby/json PR #671, https://github.com/ruby/json/pull/671).
 */
public enum UnescapePolicy {
    /** json 2.9.1 as shipped: {@code rb_str_set_len(result, decoded)}; the escaped-size capacity stays. */
    SET_LEN("set_len"),
    /** The PR: {@code rb_str_resize(result, decoded)}, CRuby's shrink rules (string.c:3321-3373). */
    RESIZE("resize"),
    /** The PR's rejected first try: copy into an exact-size string, free the first buffer. */
    EXACT("exact"),
    /**
     * json before ruby/json PR #671 (json 2.6.1 in Debian's 3.1.2), for every string: json_string_unescape decodes
     * into a temporary buffer (ALLOCA_N up to MAX_STACK_BUFFER_SIZE, 128 B, else ALLOC_N), makes the
     * string with rb_utf8_str_new (exact size, embedded when it fits) and frees the buffer: no slack,
     * but a second copy of the decoded bytes and, over 128 B, a malloc and free more per string.
     */
    TEMP_BUFFER("temp_buffer");

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
        throw new IllegalArgumentException("unknown unescape policy '" + s + "' (known: set_len, resize, exact, temp_buffer)");
    }
}
