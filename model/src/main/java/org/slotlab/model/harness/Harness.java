package org.slotlab.model.harness;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark harness a loop is timed in. A harness decides two things a prediction needs: the
 * heap the loop finds when it starts (what booting Ruby, loading RubyGems, the harness's own
 * requires and warm-up left in each heap) and what each iteration costs beside the body (a
 * {@code while} loop, a block call). Both are measured per Ruby by {@code slotlab calibrate}
 * ({@link HarnessState}); this enum only names the harnesses and says what each does.
 */
public enum Harness {
    /** A {@code while} loop in {@code ruby --disable-gems script.rb}: the heap as boot leaves it. */
    BARE("bare", "a while loop under ruby --disable-gems", false),
    /** The same loop in a plain {@code ruby script.rb}: RubyGems is loaded before the loop starts. */
    RUBYGEMS("rubygems", "a while loop under plain ruby (RubyGems loaded)", false),
    /**
     * benchmark-driver (https://github.com/benchmark-driver/benchmark-driver): each benchmark runs
     * in a fresh process with RubyGems, as an inlined {@code while} loop, and the time of an empty
     * loop of the same count is subtracted, so the loop itself costs nothing in its figures.
     */
    BENCHMARK_DRIVER("benchmark-driver", "benchmark-driver: a fresh process per benchmark, the empty loop's time subtracted", true),
    /**
     * benchmark-ips (https://github.com/evanphx/benchmark-ips): {@code x.report { body }} calls the
     * block once per iteration, after a warm-up of the same block in the same process.
     */
    BENCHMARK_IPS("benchmark-ips", "benchmark-ips: a block call per iteration, after a warm-up in the same process", false),
    /**
     * ruby-bench's harness (https://github.com/ruby/ruby-bench, harness/harness.rb):
     * {@code run_benchmark} runs warm-up iterations, then timed ones, of the same block in one process.
     */
    RUBY_BENCH("ruby-bench", "ruby-bench's harness: warm-up iterations, then timed ones, in one process", false);

    private final String id;
    private final String description;
    private final boolean subtractsEmptyLoop;

    Harness(String id, String description, boolean subtractsEmptyLoop) {
        this.id = id;
        this.description = description;
        this.subtractsEmptyLoop = subtractsEmptyLoop;
    }

    /** The name users type ({@code --harness bare}). */
    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** Whether the harness reports time net of an empty loop's (benchmark-driver). */
    public boolean subtractsEmptyLoop() {
        return subtractsEmptyLoop;
    }

    /** The harness names, in the order users see them. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(Harness::id).toList();
    }

    /** Parses a harness name; the message lists the known ones. */
    public static Harness parse(String text) {
        String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (Harness h : values()) {
            if (h.id.equals(s)) {
                return h;
            }
        }
        throw new IllegalArgumentException("unknown harness '" + text + "' (known: " + String.join(", ", ids()) + ")");
    }

    @Override
    public String toString() {
        return id;
    }
}
