package org.slotlab.model.reference;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a published number comes from, the way its readers know it: the publication's title
 * ({@code Feature #22186}), its public URL, and who measured it on what machine. One value
 * renders every place a user sees a reference: chart legends ({@link #label()}), tooltips and
 * export footers ({@link #citation()}). The publications this project models are the constants
 * below; the {@code source} column of every {@code sample-data/reference/*.csv} holds one of
 * their URLs ({@link #byUrl(String)}).
 *
 * <p>Worked example: {@code FEATURE_22186.measuredBy("himura467", "arm64 macOS").label()} is
 * {@code himura467, arm64 macOS (Feature #22186)}; its {@link #citation()} is
 * {@code Feature #22186, https://bugs.ruby-lang.org/issues/22186}.
 *
 * @param title      the publication as its readers name it, e.g. {@code Feature #22186}
 * @param url        its public address
 * @param measuredBy who measured, as named there (e.g. {@code himura467}); empty when not one person's run
 * @param machine    the machine or build, as reported (e.g. {@code arm64 macOS}); may be empty
 */
public record Source(String title, String url, String measuredBy, String machine) {

    /** Feature #22186: the embed size limit of substrings made by str_subseq(). */
    public static final Source FEATURE_22186 = of("Feature #22186", "https://bugs.ruby-lang.org/issues/22186");
    /** Feature #14460: require's loaded_features_index without strdup'ed keys. */
    public static final Source FEATURE_14460 = of("Feature #14460", "https://bugs.ruby-lang.org/issues/14460");
    /** Feature #12025: STR_BUF_MIN_SIZE 128 to 127. */
    public static final Source FEATURE_12025 = of("Feature #12025", "https://bugs.ruby-lang.org/issues/12025");
    /** Feature #19315: sharable middle substrings. */
    public static final Source FEATURE_19315 = of("Feature #19315", "https://bugs.ruby-lang.org/issues/19315");
    /** ruby/json PR #1135: shrink parsed strings that contained escape sequences. */
    public static final Source JSON_PR_1135 = of("ruby/json PR #1135", "https://github.com/ruby/json/pull/1135");
    /** Aaron Patterson's article on Class#new and opt_new in Ruby 3.5 (Rails at Scale, 2025-05-21). */
    public static final Source FAST_ALLOCATIONS_RUBY_35 = of("Fast Allocations in Ruby 3.5",
            "https://railsatscale.com/2025-05-21-fast-allocations-in-ruby-3-5");

    /** Every publication above, in the order the scenarios appear. */
    public static final List<Source> ALL = List.of(FEATURE_22186, FEATURE_14460, FEATURE_12025, FEATURE_19315,
            JSON_PR_1135, FAST_ALLOCATIONS_RUBY_35);

    public Source {
        Objects.requireNonNull(title, "source title");
        Objects.requireNonNull(url, "source url");
        Objects.requireNonNull(measuredBy, "source measuredBy");
        Objects.requireNonNull(machine, "source machine");
        if (title.isBlank()) {
            throw new IllegalArgumentException("a source needs a title");
        }
        if (!url.startsWith("https://")) {
            throw new IllegalArgumentException("source url must be a public https address, got '" + url + "'");
        }
    }

    private static Source of(String title, String url) {
        return new Source(title, url, "", "");
    }

    /** The publication whose URL this is (the {@code source} column of a reference CSV). */
    public static Optional<Source> byUrl(String url) {
        String u = url == null ? "" : url.strip();
        return ALL.stream().filter(s -> s.url().equals(u)).findFirst();
    }

    /** The same publication, measured by {@code who} on {@code onMachine}. */
    public Source measuredBy(String who, String onMachine) {
        return new Source(title, url, who == null ? "" : who.strip(), onMachine == null ? "" : onMachine.strip());
    }

    /** The legend entry: {@code who, machine (title)}, leaving out empty parts. */
    public String label() {
        StringBuilder b = new StringBuilder();
        if (!measuredBy.isBlank()) {
            b.append(measuredBy);
        }
        if (!machine.isBlank()) {
            b.append(b.length() > 0 ? ", " : "").append(machine);
        }
        return b.length() == 0 ? title : b.append(" (").append(title).append(')').toString();
    }

    /** The reference with its address, for tooltips, export footers and CLI help: {@code title, url}. */
    public String citation() {
        return title + ", " + url;
    }
}
