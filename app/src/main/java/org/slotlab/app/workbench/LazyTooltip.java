package org.slotlab.app.workbench;

import java.util.Optional;
import javafx.event.EventHandler;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.util.Duration;

/**
 * A control's tooltip, made the first time the pointer enters the control. The parameters panel
 * explains every control it shows; making a {@link Tooltip} (a popup control of its own) for each
 * of them was a noticeable part of the window's start and of every scenario switch, for tips most
 * sessions never hover. JavaFX starts a tooltip's show delay at the first mouse move over the
 * control, so a tooltip installed as the pointer enters behaves like one installed up front.
 */
final class LazyTooltip {

    /** Where the text waits in the control's properties until the tooltip is made. */
    private static final String TEXT = "slotlab.lazyTooltip.text";
    private static final String HANDLER = "slotlab.lazyTooltip.handler";

    private LazyTooltip() {}

    /** Gives {@code c} this tooltip text (replacing a text given before), shown after 400 ms for up to 30 s. */
    static void set(Control c, String text) {
        if (c.getTooltip() != null) {
            c.getTooltip().setText(text);
            return;
        }
        c.getProperties().put(TEXT, text);
        if (!c.getProperties().containsKey(HANDLER)) {
            EventHandler<MouseEvent> onEnter = new EventHandler<>() {
                @Override
                public void handle(MouseEvent e) {
                    c.removeEventHandler(MouseEvent.MOUSE_ENTERED, this);
                    c.getProperties().remove(HANDLER);
                    Object t = c.getProperties().remove(TEXT);
                    if (t instanceof String s && c.getTooltip() == null) {
                        c.setTooltip(make(s));
                    }
                }
            };
            c.getProperties().put(HANDLER, onEnter);
            c.addEventHandler(MouseEvent.MOUSE_ENTERED, onEnter);
        }
    }

    /** The text {@code c} shows as its tooltip: the made tooltip's, or the one waiting for the pointer. */
    static Optional<String> text(Control c) {
        if (c.getTooltip() != null) {
            return Optional.ofNullable(c.getTooltip().getText());
        }
        return Optional.ofNullable((String) c.getProperties().get(TEXT));
    }

    private static Tooltip make(String text) {
        Tooltip t = new Tooltip(text);
        t.setWrapText(true);
        t.setMaxWidth(420);
        t.setShowDelay(Duration.millis(400));
        t.setShowDuration(Duration.seconds(30));
        return t;
    }
}
