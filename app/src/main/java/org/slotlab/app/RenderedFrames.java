package org.slotlab.app;

import java.lang.reflect.Method;
import javafx.scene.Scene;

/**
 * When the renderer has put a scene's next frame in its window, for the start-up report: JavaFX
 * says so only through its performance tracker ({@code com.sun.javafx.perf.PerformanceTracker},
 * whose rendered-frame task the renderer runs after each frame it presents), which is not public
 * API. It is reached by reflection and only when the report is asked for; where it cannot be
 * reached (JavaFX on the module path without {@code --add-exports}) the report says its last
 * phase was not measured.
 */
final class RenderedFrames {

    private RenderedFrames() {}

    /**
     * Runs {@code task} once, on the renderer's thread, after the next frame of {@code scene} is
     * rendered; returns false when the toolkit does not say when that is.
     */
    static boolean onNext(Scene scene, Runnable task) {
        try {
            Class<?> tracker = Class.forName("com.sun.javafx.perf.PerformanceTracker");
            Object t = tracker.getMethod("getSceneTracker", Scene.class).invoke(null, scene);
            Method set = tracker.getMethod("setOnRenderedFrameTask", Runnable.class);
            Runnable[] self = new Runnable[1];
            self[0] = () -> {
                try {
                    set.invoke(t, (Object) null);
                } catch (ReflectiveOperationException | RuntimeException ignored) {
                    // the task then runs again at later frames; the report prints only once
                }
                task.run();
            };
            set.invoke(t, self[0]);
            return true;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError unavailable) {
            return false;
        }
    }
}
