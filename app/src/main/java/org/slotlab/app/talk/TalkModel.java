package org.slotlab.app.talk;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slotlab.app.scenario.ScenarioRequest;

/**
 * The talk being edited: its title, its steps and the file it came from; the talk editor and
 * talk mode bind to it. Commands: add a state as a step, move a step, edit its title, caption or
 * charts, delete it, open and save. Opening a bad or newer file throws and leaves the talk as it
 * was.
 */
public final class TalkModel {

    /** Where the example talk travels inside the jar (from sample-data/talks). */
    public static final String EXAMPLE = "/sample-data/talks/feature-22186" + TalkFile.SUFFIX;

    private final StringProperty title = new SimpleStringProperty("");
    private final ObservableList<TalkStep> steps = FXCollections.observableArrayList();
    private final ObjectProperty<Path> file = new SimpleObjectProperty<>();

    public StringProperty titleProperty() {
        return title;
    }

    public ObservableList<TalkStep> steps() {
        return steps;
    }

    public ObjectProperty<Path> fileProperty() {
        return file;
    }

    /** The talk as it stands. */
    public Talk talk() {
        return new Talk(title.get(), List.copyOf(steps));
    }

    /** Appends {@code state} as a step showing {@code charts}; returns its index. */
    public int add(ScenarioRequest state, List<String> charts, String stepTitle, String caption) {
        steps.add(new TalkStep(stepTitle, caption, state, charts));
        return steps.size() - 1;
    }

    /** Moves step {@code i} by {@code delta} places (-1 up, +1 down); returns its new index. */
    public int move(int i, int delta) {
        int j = i + delta;
        if (i < 0 || i >= steps.size() || j < 0 || j >= steps.size()) {
            return i;
        }
        TalkStep s = steps.remove(i);
        steps.add(j, s);
        return j;
    }

    public void delete(int i) {
        if (i >= 0 && i < steps.size()) {
            steps.remove(i);
        }
    }

    public void setCaption(int i, String caption) {
        if (caption.contains("\n")) {
            throw new IllegalArgumentException("a caption is one line");
        }
        steps.set(i, steps.get(i).withCaption(caption));
    }

    public void setStepTitle(int i, String t) {
        steps.set(i, steps.get(i).withTitle(t));
    }

    public void setView(int i, List<String> charts) {
        steps.set(i, steps.get(i).withView(charts));
    }

    /** Replaces the talk with {@code t}. */
    public void replace(Talk t, Path from) {
        title.set(t.title());
        steps.setAll(t.steps());
        file.set(from);
    }

    /** Opens a talk file; a bad or newer file throws and nothing changes. */
    public void open(Path path) throws TalkFile.TalkFormatException {
        replace(TalkFile.load(path), path);
    }

    /** Opens the example talk of Feature #22186 shipped with Slotlab. */
    public void openExample() {
        try (var in = TalkModel.class.getResourceAsStream(EXAMPLE)) {
            if (in == null) {
                throw new IllegalStateException("the example talk is missing from this build");
            }
            replace(TalkFile.parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8),
                    "example talk"), null);
        } catch (IOException | TalkFile.TalkFormatException e) {
            throw new IllegalStateException("the example talk does not open: " + e.getMessage(), e);
        }
    }

    public void save(Path path) throws IOException {
        TalkFile.save(talk(), path);
        file.set(path);
    }
}
