package org.slotlab.app.workbench;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The workbench's file choosers: a title, an optional start folder and file name, extension filters. */
final class FileChoosers {

    private FileChoosers() {}

    /** A chooser titled {@code title} (null: the platform's), starting in {@code dir} when it is a folder. */
    static FileChooser chooser(String title, Path dir, FileChooser.ExtensionFilter... filters) {
        FileChooser fc = new FileChooser();
        if (title != null) {
            fc.setTitle(title);
        }
        fc.getExtensionFilters().addAll(filters);
        if (dir != null && dir.toFile().isDirectory()) {
            fc.setInitialDirectory(dir.toFile());
        }
        return fc;
    }

    /** Asks for an existing file; empty when the user cancels. */
    static Optional<File> open(Window owner, String title, Path dir, FileChooser.ExtensionFilter... filters) {
        return Optional.ofNullable(chooser(title, dir, filters).showOpenDialog(owner));
    }

    /** Asks where to save, proposing {@code initialName}; empty when the user cancels. */
    static Optional<File> save(Window owner, String title, String initialName, FileChooser.ExtensionFilter... filters) {
        FileChooser fc = chooser(title, null, filters);
        fc.setInitialFileName(initialName);
        return Optional.ofNullable(fc.showSaveDialog(owner));
    }

    /** A {@code *.json} filter described as "{@code what} (*.json)". */
    static FileChooser.ExtensionFilter json(String what) {
        return new FileChooser.ExtensionFilter(what + " (*.json)", "*.json");
    }
}
