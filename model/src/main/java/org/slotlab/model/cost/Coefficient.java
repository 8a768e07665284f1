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

    /** Reads a JSON array of coefficients; {@code where} names the file in messages. */
    public static java.util.List<Coefficient> listFromJson(com.fasterxml.jackson.databind.JsonNode arr, String where) {
        if (!arr.isArray()) {
            throw new IllegalArgumentException(where + ": 'coefficients' must be an array");
        }
        java.util.List<Coefficient> list = new java.util.ArrayList<>();
        int i = 0;
        for (com.fasterxml.jackson.databind.JsonNode c : arr) {
            if (!c.path("name").isTextual() || !c.path("value").isNumber()) {
                throw new IllegalArgumentException(where + ": coefficients[" + i + "] needs a 'name' and a numeric 'value'");
            }
            list.add(new Coefficient(c.path("name").asText(), c.path("value").asDouble(), c.path("unit").asText(""),
                    c.path("description").asText(""), c.path("provenance").asText("")));
            i++;
        }
        return list;
    }

    /** Writes coefficients into a JSON array. */
    public static void writeJson(com.fasterxml.jackson.databind.node.ArrayNode arr, Iterable<Coefficient> coefficients) {
        for (Coefficient c : coefficients) {
            com.fasterxml.jackson.databind.node.ObjectNode o = arr.addObject();
            o.put("name", c.name());
            o.put("value", c.value());
            o.put("unit", c.unit());
            o.put("description", c.description());
            o.put("provenance", c.provenance());
        }
    }
}
