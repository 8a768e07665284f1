package org.slotlab.app.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import picocli.CommandLine.Option;

/**
 * Options of the commands that say what a policy would do to a real program ({@code heap},
 * {@code predict trace}): the layout (the traced Ruby's own by default), a cost profile, the
 * candidate policies and the output format. Every bad value is one line naming the option.
 */
final class WhatIfOptions {

    @Option(names = "--layout", paramLabel = "NAME",
            description = "Ruby layout to apply the policies on (default: the one of the Ruby that made the file: ruby-3.1 or ruby-3.4)")
    String layout;

    @Option(names = "--profile", paramLabel = "FILE",
            description = "cost profile (JSON); a calibrated one brings its layout (default: the shipped profile)")
    Path profile;

    @Option(names = "--candidate", paramLabel = "POLICY[,POLICY...]", split = ",",
            description = "candidate policies: cutoff:N, frozen-rule:N, always-embed, ... (default: ${DEFAULT-VALUE})")
    List<String> candidates;

    @Option(names = "--format", defaultValue = "markdown", description = "csv or markdown (default: ${DEFAULT-VALUE})")
    String format;

    WhatIfOptions(String defaultCandidate) {
        this.candidates = new ArrayList<>(List.of(defaultCandidate));
    }

    boolean csv() {
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "csv" -> true;
            case "markdown", "md" -> false;
            default -> throw new IllegalArgumentException("--format: expected csv or markdown, got '" + format + "'");
        };
    }

    List<SubseqPolicy> policies() {
        List<SubseqPolicy> out = new ArrayList<>();
        for (String c : candidates) {
            try {
                out.add(SubseqPolicies.parse(c.strip()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--candidate: " + e.getMessage());
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--candidate: name at least one policy");
        }
        return out;
    }

    CostProfile costProfile() {
        if (profile == null) {
            return CostProfile.defaultProfile();
        }
        if (!Files.isRegularFile(profile)) {
            throw new SlotlabCommand.UserInputException("--profile: no such file: " + profile);
        }
        try {
            return CostProfile.load(profile);
        } catch (CostProfile.ProfileFormatException e) {
            throw new SlotlabCommand.UserInputException("--profile: " + e.getMessage());
        }
    }

    /** --layout, else the profile's, else the preset of {@code rubyVersion} ("3.4.5"), else ruby-3.4. */
    RubyLayout resolveLayout(CostProfile costs, String rubyVersion) {
        if (layout != null) {
            try {
                return RubyLayout.byName(layout);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--layout: " + e.getMessage());
            }
        }
        if (costs.layout().isPresent()) {
            return costs.layout().get();
        }
        return layoutOfVersion(rubyVersion);
    }

    /** The preset of a RUBY_VERSION: 3.1.x and older one-heap Rubies read as ruby-3.1, the rest as ruby-3.4. */
    static RubyLayout layoutOfVersion(String rubyVersion) {
        return RubyLayout.byName(org.slotlab.app.scenario.ProgramTraces.presetOfVersion(rubyVersion));
    }

    static String csvField(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    static String num(double v) {
        return Math.rint(v) == v && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    static String grouped(double v) {
        return Math.rint(v) == v && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v)
                : String.format(Locale.ROOT, "%,.1f", v);
    }
}
