package org.slotlab.app.scenario;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import org.slotlab.model.buffers.JsonDocumentGenerator;
import org.slotlab.model.buffers.UnescapePolicy;
import org.slotlab.model.malloc.Allocator;
import org.slotlab.model.malloc.Allocators;

/**
 * The knobs of scenario S6 ({@link JsonUnescapeScenario}, ruby/json PR #1135, seed
 * {@code 004_9c093df531fdd819.txt}): the document parsed, which json_string_unescape policies are
 * compared (rb_str_set_len, rb_str_resize string.c:3321-3373, an exact copy), which malloc models,
 * and the lifetimes of the tradeoff chart. The defaults are the PR's: its generated document of 200
 * strings of ~62.6 KB escaped text, all three policies, glibc and jemalloc-5, 1 ms to 10 s.
 *
 * @param document            {@code generated:escaped|plain,COUNTxBYTES}, {@code sample:NAME} (sample-data/json) or a file path
 * @param policies            set_len, resize, exact ({@link UnescapePolicy#cliName()}), at least one
 * @param allocators          malloc models by {@link Allocators} name, at least one
 * @param lifetimeFromSeconds shortest lifetime of the parsed document on the tradeoff chart, s
 * @param lifetimeToSeconds   longest lifetime, s
 */
public record JsonUnescapeSettings(String document, List<String> policies, List<String> allocators,
        double lifetimeFromSeconds, double lifetimeToSeconds) {

    /** The PR's document: 200 strings of ~62,600 escaped bytes (JsonDocumentGenerator.Spec.pr1135). */
    public static final String PR_DOCUMENT = "generated:escaped,200x62600";
    /** The same strings without \\u escapes (json's default, ensure_ascii off). */
    public static final String PR_DOCUMENT_PLAIN = "generated:plain,200x62600";
    /** The samples shipped in sample-data/json. */
    public static final List<String> SAMPLES = List.of("sample:reviews_ensure_ascii.json", "sample:reviews_utf8.json");
    /** glibc (the CLI's default) and jemalloc-5 (what many Rails deployments preload). */
    public static final List<String> THREAD_ALLOCATORS = List.of("glibc", "jemalloc-5");
    /** Default lifetimes of the tradeoff chart, s: 1 ms (a request) to 10 s (a cache entry). */
    public static final double THREAD_LIFETIME_FROM = 1e-3;
    public static final double THREAD_LIFETIME_TO = 10;
    /** Shortest lifetime accepted, s: one microsecond, below a parse of the smallest sample. */
    public static final double MIN_LIFETIME = 1e-6;
    /** Longest lifetime accepted, s: about eleven and a half days of a long-lived process. */
    public static final double MAX_LIFETIME = 1e6;

    public JsonUnescapeSettings {
        Objects.requireNonNull(document, "document");
        policies = List.copyOf(Objects.requireNonNull(policies, "policies"));
        allocators = List.copyOf(Objects.requireNonNull(allocators, "allocators"));
        document = document.trim();
        if (document.isEmpty()) {
            throw new IllegalArgumentException("json document: give generated:..., sample:NAME or a file path");
        }
        if (document.startsWith("generated:")) {
            JsonDocumentGenerator.parse(document);
        }
        if (policies.isEmpty()) {
            throw new IllegalArgumentException("json policies: choose at least one of set_len, resize, exact");
        }
        if (new HashSet<>(policies).size() != policies.size()) {
            throw new IllegalArgumentException("json policies: a policy is listed twice: " + policies);
        }
        policies.forEach(UnescapePolicy::parse);
        StrBufSettings.checkAllocators("json allocators", allocators);
        if (!(lifetimeFromSeconds >= MIN_LIFETIME) || !(lifetimeToSeconds <= MAX_LIFETIME)
                || !(lifetimeFromSeconds < lifetimeToSeconds)) {
            throw new IllegalArgumentException("json lifetimes: need " + MIN_LIFETIME + " s <= from < to <= "
                    + (long) MAX_LIFETIME + " s, got " + lifetimeFromSeconds + " .. " + lifetimeToSeconds);
        }
    }

    /** The PR's setting. */
    public static JsonUnescapeSettings threadDefaults() {
        return new JsonUnescapeSettings(PR_DOCUMENT, List.of("set_len", "resize", "exact"), THREAD_ALLOCATORS,
                THREAD_LIFETIME_FROM, THREAD_LIFETIME_TO);
    }

    public List<UnescapePolicy> policyKinds() {
        return policies.stream().map(UnescapePolicy::parse).toList();
    }

    public List<Allocator> allocatorModels() {
        return allocators.stream().map(Allocators::byName).toList();
    }

    /** {@code policies} with {@code name} added or removed, in set_len, resize, exact order. */
    static List<String> toggledPolicy(List<String> policies, String name, boolean on) {
        return java.util.Arrays.stream(UnescapePolicy.values()).map(UnescapePolicy::cliName)
                .filter(n -> n.equals(name) ? on : policies.contains(n)).toList();
    }

    public JsonUnescapeSettings withDocument(String v) { return new JsonUnescapeSettings(v, policies, allocators, lifetimeFromSeconds, lifetimeToSeconds); }
    public JsonUnescapeSettings withPolicy(String name, boolean on) { return new JsonUnescapeSettings(document, toggledPolicy(policies, name, on), allocators, lifetimeFromSeconds, lifetimeToSeconds); }
    public JsonUnescapeSettings withAllocator(String name, boolean on) { return new JsonUnescapeSettings(document, policies, StrBufSettings.toggled(allocators, name, on), lifetimeFromSeconds, lifetimeToSeconds); }
    public JsonUnescapeSettings withLifetimes(double from, double to) { return new JsonUnescapeSettings(document, policies, allocators, from, to); }
}
