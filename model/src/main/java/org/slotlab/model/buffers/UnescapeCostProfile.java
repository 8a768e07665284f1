package org.slotlab.model.buffers;

/**
 * Time coefficients of the JSON unescape scenario, each with its unit and where it comes from.
 * Only {@code nsPerRawByte} is fitted to ruby/json PR #1135 (https://github.com/ruby/json/pull/1135): stock json parses a
 * 130 KB heavily-escaped document in 0.125-0.129 ms, 0.127 ms / 130,000 B; the others are
 * documented assumptions for glibc on a current x86-64 core, to be replaced by measurements.
 * {@code cpuNsPerByteSecond} is the exchange rate of the lifetime tradeoff: how many ns of CPU
 * one byte kept resident for one second is worth. 0.125 ns follows from cloud list prices where
 * 1 GB-hour of memory costs about 1/8 of a vCPU-hour (1 B-s = 10^-9 GB x 1/3600 h; x 0.125
 * vCPU-h/GB-h = 0.125 x 10^-9 vCPU-s); an assumption, stated so it can be changed.
 *
 * @param nsPerRawByte       parse cost per byte of JSON text, ns (fitted: 0.127 ms / 130 KB)
 * @param nsPerMalloc        one malloc of a small/medium block, ns (assumption)
 * @param nsPerFree          one free, ns (assumption)
 * @param nsPerRealloc       one shrinking realloc done in place, ns (assumption)
 * @param nsPerByteCopied    memcpy cost, ns per byte (assumption: ~10 GB/s)
 * @param nsPerSlotAllocation one extra RString slot (newobj), ns (assumption)
 * @param cpuNsPerByteSecond CPU ns one resident byte-second is worth (assumption, see above)
 */
public record UnescapeCostProfile(double nsPerRawByte, double nsPerMalloc, double nsPerFree, double nsPerRealloc,
                                  double nsPerByteCopied, double nsPerSlotAllocation, double cpuNsPerByteSecond) {

    /** Stock parse time of the PR's 130 KB escaped document, ns (midpoint of 0.125-0.129 ms). */
    public static final double PR1135_STOCK_PARSE_NS = 127_000;
    /** Size of that document, bytes ("130 KB", 10^3). */
    public static final double PR1135_SMALL_DOC_BYTES = 130_000;
    /** One malloc of a small or medium block on glibc, ns: an assumption (tcache and fast bins are tens of ns). */
    public static final double ASSUMED_NS_PER_MALLOC = 20;
    /** One free, ns: an assumption, a little cheaper than the malloc it undoes. */
    public static final double ASSUMED_NS_PER_FREE = 15;
    /** One shrinking realloc done in place, ns: an assumption, a malloc's bookkeeping plus splitting the chunk. */
    public static final double ASSUMED_NS_PER_REALLOC = 40;
    /** memcpy, ns per byte: an assumption of about 10 GB/s on one core. */
    public static final double ASSUMED_NS_PER_BYTE_COPIED = 0.1;
    /** One extra RString slot (newobj from a free slot), ns: an assumption, close to a malloc. */
    public static final double ASSUMED_NS_PER_SLOT_ALLOCATION = 15;
    /**
     * CPU ns one resident byte-second is worth: 1 GB-hour of memory at about 1/8 of a vCPU-hour in
     * cloud list prices gives 1 B-s = 10^-9 GB x 1/3600 h x 0.125 vCPU-h/GB-h = 0.125 CPU ns.
     */
    public static final double ASSUMED_CPU_NS_PER_BYTE_SECOND = 0.125;

    public UnescapeCostProfile {
        double[] all = {nsPerRawByte, nsPerMalloc, nsPerFree, nsPerRealloc, nsPerByteCopied, nsPerSlotAllocation,
                cpuNsPerByteSecond};
        for (double v : all) {
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("cost coefficients must be finite and >= 0, got " + v);
            }
        }
    }

    /** The default profile described in the class comment. */
    public static UnescapeCostProfile defaults() {
        return new UnescapeCostProfile(PR1135_STOCK_PARSE_NS / PR1135_SMALL_DOC_BYTES, ASSUMED_NS_PER_MALLOC,
                ASSUMED_NS_PER_FREE, ASSUMED_NS_PER_REALLOC, ASSUMED_NS_PER_BYTE_COPIED, ASSUMED_NS_PER_SLOT_ALLOCATION,
                ASSUMED_CPU_NS_PER_BYTE_SECOND);
    }
}
