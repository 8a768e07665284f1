package org.slotlab.model.cost;

/**
 * One named cost coefficient: its value, unit, and where the value comes from (the table it was
 * fitted to, or "assumed" with the reason). Nothing in a prediction is an unnamed number.
 */
public record Coefficient(String name, double value, String unit, String description, String provenance) {
    public Coefficient {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a coefficient needs a name");
        }
        if (!Double.isFinite(value) || value < 0) {
            throw new IllegalArgumentException("coefficient " + name + " must be a finite value >= 0, got " + value);
        }
    }

    public Coefficient withValue(double v) {
        return new Coefficient(name, v, unit, description, provenance);
    }

    public Coefficient withProvenance(String p) {
        return new Coefficient(name, value, unit, description, p);
    }
}
