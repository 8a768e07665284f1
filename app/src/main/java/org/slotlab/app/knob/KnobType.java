package org.slotlab.app.knob;

import java.util.List;

/**
 * How a {@link Knob}'s value is read from text (a CLI option, a text field), written back, and
 * stored in a scenario file. {@link #parse} throws {@link IllegalArgumentException} with a
 * message that states the broken rule without naming the knob; the front end puts the knob's
 * name (CLI: {@code --len}) or label (workbench: {@code lengths}) in front.
 *
 * @param <T> the value type: an immutable value (String, Long, Integer, Double, Boolean, List)
 */
public interface KnobType<T> {

    /** The value a text stands for; the message of a bad text states the rule. */
    T parse(String text);

    /** The text form: {@code parse(format(v))} equals {@code v}. */
    String format(T value);

    /** What a CLI help text shows as the option's parameter, e.g. {@code N} or {@code LIST}. */
    String syntax();

    /** The value as plain JSON data (String, Number, Boolean, List or Map) for a scenario file. */
    default Object toJson(T value) {
        return format(value);
    }

    /** The value from plain JSON data as {@link #toJson} writes it (or its text form). */
    default T fromJson(Object json) {
        if (json instanceof List<?> l) {
            return parse(String.join(",", l.stream().map(String::valueOf).toList()));
        }
        return parse(String.valueOf(json));
    }

    /** The values to choose from, in order; empty for free values. */
    default List<String> choices() {
        return List.of();
    }

    /** How a choice reads in a list, e.g. {@code times: " " * i}; the choice itself by default. */
    default String choiceLabel(String choice) {
        return choice;
    }

    /** Whether a value of this type holds a subset of {@link #choices()} (check boxes, not a combo box). */
    default boolean many() {
        return false;
    }

    /** The Java type of the values, checked by {@link Settings#with}. */
    Class<?> valueClass();
}
