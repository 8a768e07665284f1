package org.slotlab.model.measured;

/** An {@link Importer} that carries its format and tool names, so each format only says how it reads. */
abstract class NamedImporter implements Importer {

    private final String format;
    private final String tool;

    NamedImporter(String format, String tool) {
        this.format = format;
        this.tool = tool;
    }

    @Override
    public final String format() {
        return format;
    }

    @Override
    public final String tool() {
        return tool;
    }
}
