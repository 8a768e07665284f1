package org.slotlab.app.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import picocli.CommandLine.Option;

/** Options every prediction shares: the layout, the cost profile and the output format. */
public final class ModelOptions {

    @Option(names = "--layout", paramLabel = "NAME",
            description = "Ruby layout preset: ruby-3.4 (default), ruby-4.1-dev, ruby-3.1; a calibrated --profile brings its own")
    String layout;

    @Option(names = "--profile", paramLabel = "FILE", description = "cost profile JSON (default: fitted to seed 000, arm64 macOS)")
    Path profile;

    @Option(names = "--format", paramLabel = "FMT", defaultValue = "csv", description = "csv (default) or markdown")
    String format;

    CostProfile profile() {
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

    RubyLayout layout(CostProfile p) {
        if (layout != null) {
            return RubyLayout.byName(layout);
        }
        if (p.layout().isPresent()) {
            return p.layout().get();
        }
        if (p.layoutName() != null && RubyLayout.preset(p.layoutName()).isPresent()) {
            return RubyLayout.byName(p.layoutName());
        }
        return RubyLayout.defaultLayout();
    }

    boolean markdown() {
        return switch (format.toLowerCase(java.util.Locale.ROOT)) {
            case "csv" -> false;
            case "markdown", "md" -> true;
            default -> throw new IllegalArgumentException("--format: '" + format + "' is not csv or markdown");
        };
    }
}
