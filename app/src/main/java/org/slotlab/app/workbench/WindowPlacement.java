package org.slotlab.app.workbench;

import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Where the workbench window opens and how large: where the user left it last time
 * ({@link java.util.prefs.Preferences}, per user), else {@link #DEFAULT_WIDTH} x {@link #DEFAULT_HEIGHT}
 * centred, always inside the screen and never below {@link #MIN_WIDTH} x {@link #MIN_HEIGHT}. The
 * size is set on the stage itself, not left to the scene: some window managers (openbox) open a
 * stage sized only by its scene at 200 x 200.
 */
public final class WindowPlacement {

    /** Initial window size, px: fits a 1600 x 1000 screen with the three charts and the table readable. */
    public static final double DEFAULT_WIDTH = 1560;
    public static final double DEFAULT_HEIGHT = 960;
    /** Smallest usable window, px: the navigator, one chart column and the parameter panel side by side. */
    public static final double MIN_WIDTH = 960;
    public static final double MIN_HEIGHT = 600;

    private final Preferences prefs;

    public WindowPlacement(Preferences prefs) {
        this.prefs = prefs;
    }

    /** The current user's placement of the workbench window. */
    public static WindowPlacement forUser() {
        return new WindowPlacement(Preferences.userNodeForPackage(WindowPlacement.class).node("window"));
    }

    /** Where the window goes on a screen whose visual bounds are {@code screen}: x, y, width, height. */
    public Rectangle2D initial(Rectangle2D screen) {
        double w = prefs.getDouble("width", DEFAULT_WIDTH);
        double h = prefs.getDouble("height", DEFAULT_HEIGHT);
        w = Math.min(Math.max(w, MIN_WIDTH), Math.max(screen.getWidth(), MIN_WIDTH));
        h = Math.min(Math.max(h, MIN_HEIGHT), Math.max(screen.getHeight(), MIN_HEIGHT));
        double x = prefs.getDouble("x", Double.NaN);
        double y = prefs.getDouble("y", Double.NaN);
        if (Double.isNaN(x) || Double.isNaN(y)) {
            x = screen.getMinX() + (screen.getWidth() - w) / 2;
            y = screen.getMinY() + (screen.getHeight() - h) / 2;
        }
        x = Math.max(screen.getMinX(), Math.min(x, screen.getMaxX() - w));
        y = Math.max(screen.getMinY(), Math.min(y, screen.getMaxY() - h));
        return new Rectangle2D(x, y, w, h);
    }

    /**
     * Places {@code stage} before it is shown, keeps it at least the minimum size, and remembers
     * its place whenever it closes.
     */
    public void apply(Stage stage) {
        Rectangle2D r = initial(Screen.getPrimary().getVisualBounds());
        stage.setMinWidth(MIN_WIDTH);
        stage.setMinHeight(MIN_HEIGHT);
        stage.setX(r.getMinX());
        stage.setY(r.getMinY());
        stage.setWidth(r.getWidth());
        stage.setHeight(r.getHeight());
        // a window manager that ignores the size asked for before show (openbox gave the minimum)
        // gets it again once the window is mapped
        stage.setOnShown(e -> javafx.application.Platform.runLater(() -> {
            if (Math.abs(stage.getWidth() - r.getWidth()) > 2 || Math.abs(stage.getHeight() - r.getHeight()) > 2) {
                stage.setX(r.getMinX());
                stage.setY(r.getMinY());
                stage.setWidth(r.getWidth());
                stage.setHeight(r.getHeight());
            }
        }));
        stage.addEventHandler(javafx.stage.WindowEvent.WINDOW_HIDING, e -> remember(stage));
    }

    /** Stores the stage's place and size (not when maximized or iconified: then the old place stays). */
    public void remember(Stage stage) {
        if (stage.isMaximized() || stage.isIconified() || stage.isFullScreen()) {
            return;
        }
        prefs.putDouble("x", stage.getX());
        prefs.putDouble("y", stage.getY());
        prefs.putDouble("width", stage.getWidth());
        prefs.putDouble("height", stage.getHeight());
        try {
            prefs.flush();
        } catch (BackingStoreException e) {
            // the place is a convenience: a store that cannot be written leaves the defaults next time
        }
    }
}
