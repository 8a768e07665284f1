package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import org.slotlab.model.buffers.StrBufWorkload;
import org.slotlab.model.string.StringBufferRules;
import org.slotlab.model.malloc.Allocator;
import org.slotlab.model.malloc.Allocators;

/**
 * The knobs of scenario S5 ({@link StrBufMinScenario}, Feature #12025, seed
 * {@code 003_d065c5278e912b9b.txt}): which CRuby era's string rules (STR_BUF_MIN_SIZE,
 * rb_str_embed_size string.c:238-241), what each array element is ({@code " " * i},
 * rb_str_buf_new(c), String.new(capacity: c)), which malloc models, the i sweep and the array
 * length. The defaults are bench_mem.rb's: 2.4-dev after r55692, {@code " " * i}, i = 96..160,
 * 1,000,000 strings.
 *
 * @param era        StringBufferRules preset: ruby-2.4-before, ruby-2.4-after, ruby-3.1, ruby-3.4
 * @param workload   {@code times}, {@code buf-new} or {@code capacity} ({@link StrBufWorkload.Workload#parse})
 * @param allocators malloc models by {@link Allocators} name, at least one, in chart order
 * @param from       first i, bytes
 * @param to         last i, bytes (inclusive)
 * @param step       i step, bytes
 * @param count      strings in the Array (Array.new(count){ ... })
 */
public record StrBufSettings(String era, String workload, List<String> allocators, long from, long to, long step,
        long count) {

    /** The era seed 003 measured: Ruby 2.4-dev at r55692 (STR_BUF_MIN_SIZE 127). */
    public static final String SEED_ERA = "ruby-2.4-after";
    /** The eras a user picks from, oldest first (StringBufferRules presets). */
    public static final List<String> ERAS = List.of("ruby-2.4-before", "ruby-2.4-after", "ruby-3.1", "ruby-3.4");
    /** Workload names, in the CLI's words (predict str-buf --workload). */
    public static final List<String> WORKLOADS = List.of("times", "buf-new", "capacity");
    /** Allocators of the RSS chart by default: the CLI's list (PredictStrBuf --allocator). */
    public static final List<String> THREAD_ALLOCATORS = List.of("power-of-two", "glibc", "jemalloc-3", "jemalloc-5",
            "darwin");
    /** Default i range, bytes: the thread's 127/128 with 32 bytes either side. */
    public static final long THREAD_FROM = 96;
    public static final long THREAD_TO = 160;
    /** Strings in the Array (bench_mem.rb, seed 003). */
    public static final long THREAD_COUNT = 1_000_000;
    /** Most i values per sweep: beyond this a line has more points than the chart has pixels. */
    public static final int MAX_POINTS = 4096;
    /** Largest array the model accepts: 10^9 strings (40 GB of slots on 3.4), more is not a Ruby process. */
    public static final long MAX_COUNT = 1_000_000_000L;

    public StrBufSettings {
        Objects.requireNonNull(era, "era");
        Objects.requireNonNull(workload, "workload");
        allocators = List.copyOf(Objects.requireNonNull(allocators, "allocators"));
        StringBufferRules.byName(era);
        StrBufWorkload.Workload.parse(workload);
        checkAllocators("str-buf allocators", allocators);
        if (step < 1) {
            throw new IllegalArgumentException("str-buf i step must be >= 1 byte, got " + step);
        }
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("str-buf i range: need 0 <= from <= to, got " + from + ".." + to);
        }
        if ((to - from) / step + 1 > MAX_POINTS) {
            throw new IllegalArgumentException("str-buf i range: " + ((to - from) / step + 1) + " values; at most "
                    + MAX_POINTS + " (raise the step)");
        }
        if (count < 1 || count > MAX_COUNT) {
            throw new IllegalArgumentException("str-buf count must be between 1 and " + MAX_COUNT + ", got " + count);
        }
    }

    /** Seed 003's setting. */
    public static StrBufSettings threadDefaults() {
        return new StrBufSettings(SEED_ERA, "times", THREAD_ALLOCATORS, THREAD_FROM, THREAD_TO, 1, THREAD_COUNT);
    }

    /** Checks an allocator list: not empty, known names, no repeats; the message names {@code what}. */
    static void checkAllocators(String what, List<String> names) {
        if (names.isEmpty()) {
            throw new IllegalArgumentException(what + ": choose at least one allocator");
        }
        if (new HashSet<>(names).size() != names.size()) {
            throw new IllegalArgumentException(what + ": an allocator is listed twice: " + names);
        }
        for (String n : names) {
            try {
                Allocators.byName(n);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
            }
        }
    }

    /** {@code names} with {@code name} added or removed, kept in {@link Allocators#names()} order. */
    static List<String> toggled(List<String> names, String name, boolean on) {
        List<String> out = new ArrayList<>();
        for (String n : Allocators.names()) {
            if (n.equals(name) ? on : names.contains(n)) {
                out.add(n);
            }
        }
        return out;
    }

    public StringBufferRules rules() {
        return StringBufferRules.byName(era);
    }

    public StrBufWorkload.Workload workloadKind() {
        return StrBufWorkload.Workload.parse(workload);
    }

    public List<Allocator> allocatorModels() {
        return allocators.stream().map(Allocators::byName).toList();
    }

    /** i = from, from + step, ... up to to. */
    public List<Long> sizes() {
        List<Long> out = new ArrayList<>();
        for (long i = from; i <= to; i += step) {
            out.add(i);
        }
        return out;
    }

    /** Whether this is the setting str_buf_min.csv measured: 2.4-dev after r55692, {@code " " * i}, 1,000,000 strings. */
    public boolean matchesSeed() {
        return rules().name().equals(StringBufferRules.byName(SEED_ERA).name())
                && workloadKind() == StrBufWorkload.Workload.TIMES && count == THREAD_COUNT;
    }

    public StrBufSettings withEra(String v) { return new StrBufSettings(v, workload, allocators, from, to, step, count); }
    public StrBufSettings withWorkload(String v) { return new StrBufSettings(era, v, allocators, from, to, step, count); }
    public StrBufSettings withAllocators(List<String> v) { return new StrBufSettings(era, workload, v, from, to, step, count); }
    public StrBufSettings withAllocator(String name, boolean on) { return withAllocators(toggled(allocators, name, on)); }
    public StrBufSettings withRange(long f, long t, long s) { return new StrBufSettings(era, workload, allocators, f, t, s, count); }
    public StrBufSettings withCount(long v) { return new StrBufSettings(era, workload, allocators, from, to, step, v); }
}
