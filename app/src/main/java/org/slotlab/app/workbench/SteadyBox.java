package org.slotlab.app.workbench;

import javafx.scene.layout.Region;

/**
 * Holds a control whose content changes on every slider step (a label's text, a table's cells)
 * without laying out the whole window again each time. The control is an unmanaged child: JavaFX
 * stops a layout request at an unmanaged Parent (Parent.markDirtyLayout marks only a "dirty
 * branch" above it), so a new text lays out the control itself and not every ancestor up to the
 * scene root. This box gives the control its own size; its preferred width only grows, so a
 * longer text still gets room (one ordinary layout request) and a shorter one changes nothing.
 */
final class SteadyBox extends Region {

    private final Region content;
    private final boolean squeezable;
    private double widest;

    /**
     * @param content    the control
     * @param squeezable whether the box may be narrower than the control wants (a status line
     *                   that ends in an ellipsis), or never narrower (a value that must show)
     */
    SteadyBox(Region content, boolean squeezable) {
        this.content = content;
        this.squeezable = squeezable;
        content.setManaged(false);
        getChildren().add(content);
        getStyleClass().add("steady-box");
    }

    /** To call after the content changed: asks for a layout only when it needs more width. */
    void contentChanged() {
        double w = content.prefWidth(-1);
        if (w > widest + 0.5) {
            requestLayout();
        }
    }

    @Override
    protected double computePrefWidth(double height) {
        widest = Math.max(widest, content.prefWidth(-1));
        return widest;
    }

    @Override
    protected double computeMinWidth(double height) {
        return squeezable ? 0 : computePrefWidth(height);
    }

    @Override
    protected double computePrefHeight(double width) {
        return content.prefHeight(-1);
    }

    @Override
    protected double computeMinHeight(double width) {
        return content.minHeight(-1);
    }

    @Override
    protected double computeMaxHeight(double width) {
        return content.maxHeight(-1);
    }

    @Override
    protected double computeMaxWidth(double height) {
        return content.maxWidth(-1);
    }

    @Override
    protected void layoutChildren() {
        content.resizeRelocate(0, 0, getWidth(), getHeight());
    }
}
