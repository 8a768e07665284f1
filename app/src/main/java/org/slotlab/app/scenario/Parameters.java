package org.slotlab.app.scenario;

import java.util.List;
import java.util.Objects;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.SliceLoop;

/**
 * Every knob of the workbench as one immutable value: what a scenario file stores, what undo
 * restores and what a pin freezes. The defaults are the settings of the #22186 thread (seed
 * {@code 000_30e668f7bc580535.txt}): ruby-4.1-dev, a frozen source, master vs {@code cutoff:256},
 * himura467's lengths, 2,000,000 slices of which 200,000 are kept. The candidate policy is built
 * from the toggles with {@link SubseqPolicies} (CRuby: string.c:3017-3053 str_subseq). The
 * issue-4 scenarios keep their knobs in one record each ({@link StrBufSettings},
 * {@link JsonUnescapeSettings}, {@link RequireIndexSettings}), defaulting to their own threads.
 *
 * @param scenario               id of the {@link Scenario} these parameters drive
 * @param layout                 preset name ({@code ruby-4.1-dev}) or the name of {@code customLayout}
 * @param customLayout           a user-defined layout, or null when {@code layout} is a preset
 * @param costProfile            path of a cost-profile JSON file, or null for the shipped default
 * @param baselinePolicy         policy name the candidate is compared with ({@code master})
 * @param cutoff                 STR_SUBSEQ_EMBED_MAX_SIZE: embed when rb_str_embed_size(len + termlen) <= cutoff, bytes
 * @param snapToSlots            whether the cutoff slider snaps to slot sizes
 * @param frozenRule             byroot's frozen-source rule: the cutoff applies only when sharing needs a new root
 * @param frozenRuleSecondCutoff cutoff for sources that need no root when the rule is on, bytes; null = master's rule
 * @param source                 state of the source string
 * @param position               suffix (the thread's benchmarks) or middle slices
 * @param alwaysEmbed            the thread's first patch: embed whenever STR_EMBEDDABLE_P (overrides the cutoff)
 * @param sharableMiddle         let middle substrings share too (Feature #19315)
 * @param lens                   slice lengths, bytes
 * @param sourceLen              source length, bytes (grown to the longest slice)
 * @param count                  N, slices taken per length
 * @param retain                 R, slices kept
 * @param keep                   how the R slices are kept
 * @param allocations            allocations per slot size in the slot-size scenario
 * @param keepWhileTiming        false (the thread's way, the default): speed and GC count are timed over N
 *                               slices that are all dropped, and the R kept slices' memory is measured in a
 *                               run of its own; true: one timed run of N slices keeps R (GC pressure under
 *                               retention). {@link SliceLoop#keepWhileTiming()}
 * @param strBuf                 S5's knobs ({@link StrBufMinScenario}, seed 003); null means seed 003's setting
 * @param jsonUnescape           S6's knobs ({@link JsonUnescapeScenario}, seed 004); null means the PR's setting
 * @param requireIndex           S4's knobs ({@link RequireIndexScenario}, seed 001); null means the thread's setting
 */
public record Parameters(
        String scenario,
        String layout,
        CustomLayout customLayout,
        String costProfile,
        String baselinePolicy,
        int cutoff,
        boolean snapToSlots,
        boolean frozenRule,
        Integer frozenRuleSecondCutoff,
        SourceState source,
        SlicePosition position,
        boolean alwaysEmbed,
        boolean sharableMiddle,
        List<Long> lens,
        long sourceLen,
        long count,
        long retain,
        KeepMode keep,
        long allocations,
        boolean keepWhileTiming,
        StrBufSettings strBuf,
        JsonUnescapeSettings jsonUnescape,
        RequireIndexSettings requireIndex) {

    /** himura467's and byroot's lengths in seed 000, bytes (231 is the largest embedded under cutoff 256). */
    public static final List<Long> THREAD_LENS = List.of(1L, 23L, 50L, 100L, 200L, 231L, 232L, 250L, 500L, 999L, 1000L);
    /** Slices per length in the thread's sweep (SeedFit.SLICES). */
    public static final long THREAD_COUNT = 2_000_000;
    /** Slices kept in str_subseq_memory.rb (seed 000, subseq_retained.csv). */
    public static final long THREAD_RETAIN = 200_000;
    /** The cutoff the thread settled on, bytes (STR_SUBSEQ_EMBED_MAX_SIZE 256). */
    public static final int THREAD_CUTOFF = 256;
    /** Source length of the frozen-source benchmarks (SeedFit.FROZEN_SOURCE_LEN), bytes. */
    public static final long THREAD_SOURCE_LEN = 10_000;
    /** Allocations per row of byroot's slot table (slot_alloc_gc.csv: GC count per 10M allocations). */
    public static final long THREAD_ALLOCATIONS = 10_000_000;
    /** Layout name meaning "the layout the cost profile carries" (a profile written by {@code slotlab calibrate}). */
    public static final String PROFILE_LAYOUT = "from cost profile";
    /** Most lengths a sweep accepts: more bars than this cannot be read on a chart. */
    public static final int MAX_LENS = 64;

    /** Parameters timed the thread's way (nothing kept while timed): the shape before keepWhileTiming existed. */
    public Parameters(String scenario, String layout, CustomLayout customLayout, String costProfile, String baselinePolicy,
            int cutoff, boolean snapToSlots, boolean frozenRule, Integer frozenRuleSecondCutoff, SourceState source,
            SlicePosition position, boolean alwaysEmbed, boolean sharableMiddle, List<Long> lens, long sourceLen, long count,
            long retain, KeepMode keep, long allocations) {
        this(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule,
                frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep,
                allocations, false);
    }

    /** Parameters of the byteslice and slot scenarios only: the issue-4 scenarios get their threads' settings. */
    public Parameters(String scenario, String layout, CustomLayout customLayout, String costProfile, String baselinePolicy,
            int cutoff, boolean snapToSlots, boolean frozenRule, Integer frozenRuleSecondCutoff, SourceState source,
            SlicePosition position, boolean alwaysEmbed, boolean sharableMiddle, List<Long> lens, long sourceLen, long count,
            long retain, KeepMode keep, long allocations, boolean keepWhileTiming) {
        this(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule,
                frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep,
                allocations, keepWhileTiming, null, null, null);
    }

    public Parameters {
        strBuf = strBuf == null ? StrBufSettings.threadDefaults() : strBuf;
        jsonUnescape = jsonUnescape == null ? JsonUnescapeSettings.threadDefaults() : jsonUnescape;
        requireIndex = requireIndex == null ? RequireIndexSettings.threadDefaults() : requireIndex;
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(baselinePolicy, "baselinePolicy");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(keep, "keep");
        lens = List.copyOf(Objects.requireNonNull(lens, "lens"));
        if (cutoff < 0) {
            throw new IllegalArgumentException("cutoff must be >= 0 bytes, got " + cutoff);
        }
        if (frozenRuleSecondCutoff != null && frozenRuleSecondCutoff < 0) {
            throw new IllegalArgumentException("second cutoff must be >= 0 bytes, got " + frozenRuleSecondCutoff);
        }
        if (lens.isEmpty()) {
            throw new IllegalArgumentException("lengths: give at least one slice length");
        }
        if (lens.size() > MAX_LENS) {
            throw new IllegalArgumentException("lengths: at most " + MAX_LENS + " lengths, got " + lens.size());
        }
        for (long len : lens) {
            if (len < 0) {
                throw new IllegalArgumentException("lengths: a slice length must be >= 0 bytes, got " + len);
            }
        }
        if (count < 1) {
            throw new IllegalArgumentException("count N must be >= 1, got " + count);
        }
        if (retain < 1 || retain > count) {
            throw new IllegalArgumentException("retain R must be between 1 and N (" + count + "), got " + retain);
        }
        if (allocations < 1) {
            throw new IllegalArgumentException("allocations must be >= 1, got " + allocations);
        }
        if (sourceLen < 1) {
            throw new IllegalArgumentException("source length must be >= 1 byte, got " + sourceLen);
        }
    }

    /** The #22186 thread's settings (seed 000). */
    public static Parameters threadDefaults() {
        return new Parameters(SubstringCutoffScenario.ID, "ruby-4.1-dev", null, null, "master", THREAD_CUTOFF, false,
                false, null, SourceState.FROZEN, SlicePosition.SUFFIX, false, false, THREAD_LENS, THREAD_SOURCE_LEN,
                THREAD_COUNT, THREAD_RETAIN, KeepMode.FIRST, THREAD_ALLOCATIONS, false, StrBufSettings.threadDefaults(),
                JsonUnescapeSettings.threadDefaults(), RequireIndexSettings.threadDefaults());
    }

    /** The candidate policy these toggles describe. */
    public SubseqPolicy candidatePolicy() {
        SubseqPolicy p;
        if (alwaysEmbed) {
            p = SubseqPolicies.alwaysEmbed();
        } else if (frozenRule) {
            p = frozenRuleSecondCutoff == null ? SubseqPolicies.frozenRule(cutoff)
                    : SubseqPolicies.frozenRule(cutoff, frozenRuleSecondCutoff);
        } else {
            p = SubseqPolicies.cutoff(cutoff);
        }
        return sharableMiddle ? SubseqPolicies.withSharableMiddle(p) : p;
    }

    public SubseqPolicy baseline() {
        return SubseqPolicies.parse(baselinePolicy);
    }

    /** The micro-benchmark loop; its length is replaced per swept length. */
    public SliceLoop loop() {
        long longest = lens.stream().mapToLong(Long::longValue).max().orElse(0);
        long src = Math.max(sourceLen, longest + (position == SlicePosition.MIDDLE ? 1 : 0));
        return new SliceLoop(lens.get(0), src, source, position, count, retain, keep, keepWhileTiming);
    }

    public Parameters withScenario(String v) { return new Parameters(v, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withLayout(String v, CustomLayout c) { return new Parameters(scenario, v, c, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withCostProfile(String v) { return new Parameters(scenario, layout, customLayout, v, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withBaselinePolicy(String v) { return new Parameters(scenario, layout, customLayout, costProfile, v, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withCutoff(int v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, v, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withSnapToSlots(boolean v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, v, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withFrozenRule(boolean v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, v, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withFrozenRuleSecondCutoff(Integer v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, v, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withSource(SourceState v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, v, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withPosition(SlicePosition v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, v, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withAlwaysEmbed(boolean v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, v, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withSharableMiddle(boolean v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, v, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withLens(List<Long> v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, v, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withSourceLen(long v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, v, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withCount(long v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, v, Math.min(retain, v), keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withRetain(long v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, v, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withKeep(KeepMode v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, v, allocations, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withKeepWhileTiming(boolean v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, v, strBuf, jsonUnescape, requireIndex); }
    public Parameters withAllocations(long v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, v, keepWhileTiming, strBuf, jsonUnescape, requireIndex); }
    public Parameters withStrBuf(StrBufSettings v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, v, jsonUnescape, requireIndex); }
    public Parameters withJsonUnescape(JsonUnescapeSettings v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, v, requireIndex); }
    public Parameters withRequireIndex(RequireIndexSettings v) { return new Parameters(scenario, layout, customLayout, costProfile, baselinePolicy, cutoff, snapToSlots, frozenRule, frozenRuleSecondCutoff, source, position, alwaysEmbed, sharableMiddle, lens, sourceLen, count, retain, keep, allocations, keepWhileTiming, strBuf, jsonUnescape, v); }
}
