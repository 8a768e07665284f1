package org.slotlab.app.workbench;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Pos;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * A side panel of the workbench (the scenario list, the parameters) that can be hidden to give
 * its width to the charts: a narrow rail on its inner edge carries a button with the panel's name
 * written upwards, which hides the panel or brings it back, as the View menu's switch and its key
 * do. Hidden, only the rail stays. The state lives as long as the window: switching scenarios,
 * opening files or presenting a talk leaves it as it is.
 */
final class SidePanel extends HBox {

    /** Which edge of the window the panel is on. */
    enum Edge { LEFT, RIGHT }

    private final BooleanProperty shown = new SimpleBooleanProperty(this, "shown", true);
    private final Button toggle = new Button();

    /**
     * @param content the panel
     * @param edge    where it is
     * @param name    what it is called on its rail and in the tooltip ("Scenarios")
     * @param key     the key that does the same, for the tooltip ("F9")
     */
    SidePanel(Node content, Edge edge, String name, String key) {
        content.visibleProperty().bind(shown);
        content.managedProperty().bind(shown);
        HBox.setHgrow(content, Priority.NEVER);
        Label text = new Label();
        text.setRotate(-90);
        toggle.setGraphic(new Group(text));
        toggle.setFocusTraversable(false);
        toggle.setId("toggle-" + content.getId());
        toggle.setOnAction(e -> shown.set(!shown.get()));
        Tooltip tip = new Tooltip();
        toggle.setTooltip(tip);
        Runnable update = () -> {
            boolean on = shown.get();
            // the arrow points where the panel goes: away from the charts to hide, towards them to show
            String arrow = (edge == Edge.LEFT) == on ? "\u25B2" : "\u25BC";
            text.setText(arrow + " " + name);
            tip.setText((on ? "Hide " : "Show ") + name.toLowerCase(java.util.Locale.ROOT) + " (" + key + ")");
        };
        shown.addListener((o, a, b) -> update.run());
        update.run();
        VBox rail = new VBox(toggle);
        rail.setAlignment(Pos.TOP_CENTER);
        rail.getStyleClass().add("side-rail");
        setId("side-" + content.getId());
        if (edge == Edge.LEFT) {
            getChildren().addAll(content, rail);
        } else {
            getChildren().addAll(rail, content);
        }
    }

    /** Whether the panel is shown (the View menu's switch is bound to it). */
    BooleanProperty shownProperty() {
        return shown;
    }

    Button toggleButton() {
        return toggle;
    }
}
