package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slotlab.app.knob.Settings;
import org.slotlab.model.layout.RubyLayout;

/**
 * What a modelled number depends on besides the policies compared: the Ruby layout (name and slot
 * sizes), the cost profile (whose machine and Ruby the ns come from) and the harness. Two series
 * are comparable on one chart only when their contexts match; a pin made before the layout or the
 * profile changed is not, and is left off with a note that says which part differs.
 *
 * @param layout  the layout's name and slot sizes, e.g. {@code ruby-4.1-dev [32, 40, ...] B}
 * @param profile the cost profile's name
 * @param harness the harness knob's choice ({@code auto}: the profile's own)
 */
public record ModelContext(String layout, String profile, String harness) {

    /** "ruby 3.1.2p20", "CRuby 3.4.5", "ruby-4.1-dev", "ruby 4.1.0dev": the major.minor after the word ruby. */
    private static final Pattern RUBY_VERSION = Pattern.compile("(?i)\\bc?ruby[ -](\\d+)\\.(\\d+)");

    /** The context of {@code s}'s model (a scenario without a layout or profile knob has the defaults'). */
    public static ModelContext of(Settings s) {
        String layout = "";
        if (s.has(Knobs.LAYOUT.name())) {
            RubyLayout l = ModelInputs.layout(s);
            layout = l.name() + " " + Arrays.toString(l.slotSizes()) + " B";
        }
        String harness = s.has(Knobs.HARNESS) ? s.get(Knobs.HARNESS) : Knobs.AUTO_HARNESS;
        return new ModelContext(layout, ModelInputs.profile(s).name(), harness);
    }

    /**
     * How {@code other} differs from this context, one phrase a part ("layout ruby-3.4 [40, 80, 160, 320, 640] B"),
     * naming {@code other}'s value; empty when they match. {@code layoutCounts} false leaves the layout
     * out (a scenario that compares layouts on purpose).
     */
    public List<String> differences(ModelContext other, boolean layoutCounts) {
        List<String> out = new ArrayList<>();
        if (layoutCounts && !layout.equals(other.layout)) {
            out.add("layout " + other.layout);
        }
        if (!profile.equals(other.profile)) {
            out.add("cost profile " + other.profile);
        }
        if (!harness.equals(other.harness)) {
            out.add("harness " + other.harness);
        }
        return out;
    }

    /** One line for a note: "layout ruby-4.1-dev [...] B, cost profile default, harness auto". */
    public String describe(boolean layoutCounts) {
        return (layoutCounts && !layout.isEmpty() ? "layout " + layout + ", " : "") + "cost profile " + profile
                + ", harness " + harness;
    }

    /**
     * The Ruby major.minor a text names ("ruby 3.1.2p20 (2022-04-12 ...)" gives 3.1; "ruby 4.1.0dev" and the
     * layout name "ruby-4.1-dev" give 4.1), if it names exactly one.
     */
    public static Optional<String> rubyVersion(String text) {
        Matcher m = RUBY_VERSION.matcher(text == null ? "" : text);
        String found = null;
        while (m.find()) {
            String v = m.group(1) + "." + m.group(2);
            if (found != null && !found.equals(v)) {
                return Optional.empty();
            }
            found = v;
        }
        return Optional.ofNullable(found);
    }

    /** The Ruby major.minor a layout models, from its name, else its description; empty for a custom layout that says none. */
    public static Optional<String> rubyVersion(RubyLayout layout) {
        Optional<String> byName = rubyVersion(layout.name());
        return byName.isPresent() ? byName : rubyVersion(layout.description());
    }
}
