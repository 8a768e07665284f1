package org.slotlab.app.talk;

import javafx.scene.Scene;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Talk mode: a window of its own holding a {@link TalkView}, full screen (F5 in the workbench)
 * with the projector stylesheet; Esc closes it and the workbench is back as it was.
 */
public final class TalkMode {

    private final Stage stage = new Stage();
    private final TalkView view;
    private final TalkRuns runs = new TalkRuns();

    private TalkMode(Talk talk, int first, Window owner, double width, double height, boolean fullScreen) {
        view = new TalkView(talk, runs, first, stage::close);
        Scene scene = new Scene(view, width, height);
        scene.getStylesheets().add(stylesheet());
        stage.setScene(scene);
        stage.setTitle("Slotlab talk: " + (talk.title().isEmpty() ? "untitled" : talk.title()));
        if (owner != null) {
            stage.initOwner(owner);
        }
        // Esc leaves the talk (TalkView), not only full screen.
        stage.setFullScreenExitKeyCombination(KeyCombination.NO_MATCH);
        stage.setFullScreenExitHint("");
        stage.setFullScreen(fullScreen);
        stage.setOnHidden(e -> {
            view.close();
            runs.close();
        });
    }

    /** Opens {@code talk} at step {@code first}: full screen, or in a window of the given size. */
    public static TalkMode show(Talk talk, int first, Window owner, boolean fullScreen, double width, double height) {
        TalkMode m = new TalkMode(talk, first, owner, width, height, fullScreen);
        m.stage.show();
        m.view.requestFocus();
        return m;
    }

    public TalkView view() {
        return view;
    }

    public Stage stage() {
        return stage;
    }

    /** The projector stylesheet: black on white, large type, a black screen that is black. */
    public static String stylesheet() {
        return TalkMode.class.getResource("/org/slotlab/app/talk/projector.css").toExternalForm();
    }
}
