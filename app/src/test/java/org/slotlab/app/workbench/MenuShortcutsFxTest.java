package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Every menu item's shortcut does one thing: two items on one key would make one of them unreachable. */
@ExtendWith(ApplicationExtension.class)
class MenuShortcutsFxTest {

    private FxWorkbench wb;

    @Start
    void start(Stage stage) {
        wb = FxWorkbench.show(stage);
        // the Talk menu and the heap map's item, as the application adds them
        org.slotlab.app.talk.Talks.install(wb.view, wb.vm, stage);
    }

    @AfterEach
    void close() {
        wb.vm.close();
    }

    private static void collect(Menu menu, String path, Map<String, String> byKey, Map<String, String> clashes) {
        for (MenuItem i : menu.getItems()) {
            String name = path + " > " + (i.getText() == null ? "" : i.getText().replace("_", ""));
            if (i instanceof Menu sub) {
                collect(sub, name, byKey, clashes);
            }
            if (i.getAccelerator() != null) {
                String key = i.getAccelerator().getName();
                String before = byKey.putIfAbsent(key, name);
                if (before != null) {
                    clashes.put(key, before + " and " + name);
                }
            }
        }
    }

    @Test
    void everyShortcut_belongsToOneMenuItem(FxRobot robot) throws Exception {
        wb.awaitCharts();
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        Map<String, String> byKey = new LinkedHashMap<>();
        Map<String, String> clashes = new LinkedHashMap<>();
        for (Menu m : bar.getMenus()) {
            collect(m, m.getText().replace("_", ""), byKey, clashes);
        }
        assertThat(byKey).hasSizeGreaterThan(20);
        assertThat(clashes).isEmpty();
    }
}
