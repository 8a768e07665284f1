package org.slotlab.model.measured;

import java.util.Objects;

/**
 * The model parameter a measured benchmark stands for, e.g. {@code len = 100} for byroot's
 * {@code size100} (Feature #22186, https://bugs.ruby-lang.org/issues/22186, str_subseq micro-benchmark) or
 * {@code slot_size = 640} for a row of the harness-gc heap table. Names are the model's words:
 * {@link #LEN} (string length in bytes, CRuby's {@code len} in {@code str_subseq}) and
 * {@link #SLOT_SIZE} (CRuby's {@code slot_size} from {@code GC.stat_heap}, bytes).
 */
public record MappedParameter(String name, long value) {

    /** String length in bytes (CRuby: string.c {@code str_subseq(str, beg, len)}). */
    public static final String LEN = "len";
    /** Heap slot size in bytes (CRuby: {@code GC.stat_heap[i][:slot_size]}). */
    public static final String SLOT_SIZE = "slot_size";

    public MappedParameter {
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("parameter name must be an identifier like len or slot_size, was '" + name + "'");
        }
        if (value < 0) {
            throw new IllegalArgumentException("parameter " + name + " must be >= 0 bytes, was " + value);
        }
    }

    @Override
    public String toString() {
        return name + "=" + value;
    }
}
