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

    /**
     * Reads a JSON array of coefficients; {@code where} names the file in messages. Each is an
     * object with a string {@code name}, a number {@code value} and optional strings {@code unit},
     * {@code description}, {@code provenance}; nothing is converted ({@code "value": "1.5"} is
     * refused), and a name twice is refused naming both entries.
     */
    public static java.util.List<Coefficient> listFromJson(com.fasterxml.jackson.databind.JsonNode arr, String where) {
        if (!arr.isArray()) {
            throw new IllegalArgumentException(where + ": 'coefficients' must be an array, found " + CostProfile.kind(arr));
        }
        java.util.List<Coefficient> list = new java.util.ArrayList<>();
        java.util.Map<String, Integer> seen = new java.util.HashMap<>();
        int i = 0;
        for (com.fasterxml.jackson.databind.JsonNode c : arr) {
            String at = "coefficients[" + i + "]";
            if (!c.isObject()) {
                throw new IllegalArgumentException(where + ": " + at + " must be an object, found " + CostProfile.kind(c));
            }
            if (!c.path("name").isTextual() || !c.path("value").isNumber()) {
                throw new IllegalArgumentException(where + ": " + at + " needs a string 'name' and a numeric 'value', found name "
                        + CostProfile.kind(c.get("name")) + " and value " + CostProfile.kind(c.get("value")));
            }
            String name = c.path("name").asText();
            Integer before = seen.putIfAbsent(name, i);
            if (before != null) {
                throw new IllegalArgumentException(where + ": coefficient " + name + " appears twice: coefficients[" + before + "] and "
                        + at + "; each coefficient may appear once");
            }
            try {
                list.add(new Coefficient(name, c.path("value").asDouble(), CostProfile.text(c, "unit", "", at + "."),
                        CostProfile.text(c, "description", "", at + "."), CostProfile.text(c, "provenance", "", at + ".")));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage());
            }
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
