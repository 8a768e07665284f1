package org.slotlab.model.cost;

import java.util.Locale;

/**
 * The data caches of the machine a profile was measured on, as the operating system reports them
 * ({@code /sys/devices/system/cpu/cpu0/cache/index*} on Linux, or {@code getconf -a} where a virtual
 * machine's kernel does not expose that directory; {@code sysctl hw.l1dcachesize hw.l2cachesize
 * hw.l3cachesize} on macOS). They are reported beside the fitted
 * {@code cycle_cache_bytes}, the memory a GC cycle can run through before allocation slows, which
 * on a shared virtual machine is often smaller than the last-level cache the guest is told about.
 *
 * @param l1dBytes level-1 data cache per core, bytes (0: unknown)
 * @param l2Bytes  level-2 cache, bytes (0: unknown)
 * @param l3Bytes  last-level cache, bytes (0: unknown or none)
 * @param source   where the sizes were read
 */
public record CacheSizes(long l1dBytes, long l2Bytes, long l3Bytes, String source) {

    public static final CacheSizes UNKNOWN = new CacheSizes(0, 0, 0, "not read");

    public CacheSizes {
        if (l1dBytes < 0 || l2Bytes < 0 || l3Bytes < 0) {
            throw new IllegalArgumentException("cache sizes must be >= 0 bytes");
        }
        source = source == null ? "" : source;
    }

    public boolean known() {
        return l2Bytes > 0 || l3Bytes > 0;
    }

    /** Reads a cache size as the kernel writes it ({@code 48K}, {@code 2048K}, {@code 32M}, a plain number of bytes). */
    public static long parseSize(String text) {
        String s = text.trim().toUpperCase(Locale.ROOT);
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty cache size");
        }
        long mult = 1;
        char last = s.charAt(s.length() - 1);
        if (last == 'K' || last == 'M' || last == 'G') {
            mult = last == 'K' ? 1024L : last == 'M' ? 1024L * 1024 : 1024L * 1024 * 1024;
            s = s.substring(0, s.length() - 1);
        }
        long v = Long.parseLong(s.trim());
        if (v < 0 || v > Long.MAX_VALUE / mult) {
            throw new IllegalArgumentException("cache size out of range: " + text);
        }
        return v * mult;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "L1d %s, L2 %s, L3 %s (%s)", human(l1dBytes), human(l2Bytes), human(l3Bytes), source);
    }

    static String human(long b) {
        if (b <= 0) {
            return "?";
        }
        if (b % (1024L * 1024) == 0) {
            return b / (1024L * 1024) + " MiB";
        }
        return b % 1024 == 0 ? b / 1024 + " KiB" : b + " B";
    }
}
