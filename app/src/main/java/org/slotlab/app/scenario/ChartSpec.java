package org.slotlab.app.scenario;

/**
 * The declaration of one chart a {@link Scenario} draws: an id (used by {@code render --chart}
 * and in exported file names), a title for the tab or cell, and what it shows in one line.
 */
public record ChartSpec(String id, String title, String description) {
}
