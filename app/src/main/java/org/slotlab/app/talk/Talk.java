package org.slotlab.app.talk;

import java.util.List;

/**
 * A talk: a title and an ordered list of {@link TalkStep}s, read and written by {@link TalkFile}.
 */
public record Talk(String title, List<TalkStep> steps) {

    public Talk {
        title = title == null ? "" : title;
        steps = List.copyOf(steps);
    }

    public int size() {
        return steps.size();
    }

    public TalkStep step(int index) {
        return steps.get(index);
    }
}
