package org.slotlab.model.string;

/**
 * How an appending string grows its capacity when {@code len + n > capa}: the loop in CRuby's
 * {@code str_buf_cat} (2.4: string.c ~2590; 3.4: {@code str_buf_cat4} string.c:3400-3438, see
 * RUBY_FACTS.md "Buffers, capacity, resize"). Three generations, all in 
 * Feature #12025 (https://bugs.ruby-lang.org/issues/12025): plain doubling; r55686's "after doubling the capacity, add one" so
 * that capa + 1 (the malloc request) stays a power of two; r55692's fix, which uses the
 * encoding's termlen instead of 1 and guards the doubling so it cannot overflow (Naohisa Goto:
 * "integer overflow may occur if capa == LONG_MAX / 2").
 */
public enum GrowthRule {
    /** Before r55686: {@code capa = 2 * capa} while capa &lt;= LONG_MAX / 2. */
    DOUBLE("2*capa"),
    /** r55686: {@code capa = 2 * capa + 1}, guard unchanged ({@code capa > LONG_MAX / 2}). */
    DOUBLE_PLUS_ONE("2*capa+1"),
    /** r55692 and later (3.4): {@code capa = 2 * capa + termlen}; {@code capa = total} once total >= LONG_MAX / 2. */
    DOUBLE_PLUS_TERMLEN("2*capa+termlen");

    private final String formula;

    GrowthRule(String formula) {
        this.formula = formula;
    }

    /** The rule as CRuby writes it. */
    public String formula() {
        return formula;
    }

    /**
     * The capacity after growing {@code capa} until {@code total} bytes fit, as the C loop
     * computes it in 64-bit two's-complement arithmetic, without any check a later malloc would
     * need. {@link #DOUBLE} and {@link #DOUBLE_PLUS_ONE} keep the old guard: once
     * {@code capa > LONG_MAX / 2} the capacity becomes {@code (total + 4095) / 4096 * 4096};
     * {@link #DOUBLE_PLUS_TERMLEN} (r55692, unchanged to 3.4) takes {@code capa = total} when
     * {@code total >= LONG_MAX / 2} and doubles otherwise. So {@link #DOUBLE_PLUS_ONE} can return
     * LONG_MAX (whose {@code capa + termlen} wraps), and the old page rounding wraps for totals
     * above LONG_MAX - 4095: both show as a result below {@code total} or a negative
     * {@code capa + termlen}.
     *
     * @param capa    current capacity, bytes (terminator excluded)
     * @param total   length needed, bytes ({@code olen + len}; CRuby raises "string sizes too big"
     *                before this if that sum overflows)
     * @param termLen terminator length of the encoding, bytes
     */
    public long grow(long capa, long total, int termLen) {
        if (capa < 0 || total < 0) {
            throw new IllegalArgumentException("capa and total must be >= 0, got capa=" + capa + ", total=" + total);
        }
        if (termLen < 1 || termLen > 4) {
            throw new IllegalArgumentException("termlen must be 1..4 bytes, got " + termLen);
        }
        if (this == DOUBLE_PLUS_TERMLEN) {
            if (capa < total && total >= Long.MAX_VALUE / 2) {
                capa = total;
            }
            while (total > capa) {
                capa = 2 * capa + termLen;
            }
            return capa;
        }
        long add = this == DOUBLE ? 0 : 1;
        while (total > capa) {
            if (capa > Long.MAX_VALUE / 2) {
                return (total + 4095) / 4096 * 4096;
            }
            capa = 2 * capa + add;
        }
        return capa;
    }

    /** True when {@code capa + termLen}, the malloc request of that capacity, does not fit a long. */
    public static boolean requestOverflows(long capa, int termLen) {
        return capa < 0 || capa > Long.MAX_VALUE - termLen;
    }
}
