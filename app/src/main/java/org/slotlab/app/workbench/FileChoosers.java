package org.slotlab.app.workbench;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The workbench's file choosers: a title, an optional start folder and file name, extension filters. */
final class FileChoosers {

    private FileChoosers() {}

    /** The folder a chooser starts in without one of its own: the last one used, else the user's home. */
    static Path startFolder() {
        String last = PREFS.get(LAST_FOLDER, "");
        if (!last.isEmpty() && Path.of(last).toFile().isDirectory()) {
            return Path.of(last);
        }
        return Path.of(System.getProperty("user.home"));
    }

    /** Remembers the folder of a file the user chose, for the next chooser (and the next start). */
    static Optional<File> remember(Optional<File> chosen) {
        chosen.map(File::getAbsoluteFile).map(File::getParentFile).ifPresent(d -> PREFS.put(LAST_FOLDER, d.toString()));
        return chosen;
    }

    private static final java.util.prefs.Preferences PREFS = java.util.prefs.Preferences.userNodeForPackage(FileChoosers.class)
            .node("files");
    private static final String LAST_FOLDER = "lastFolder";

    /**
     * A chooser titled {@code title} (null: the platform's), starting in {@code dir} when it is a folder,
     * else in {@link #startFolder()} (never the folder the program was started from).
     */
    static FileChooser chooser(String title, Path dir, FileChooser.ExtensionFilter... filters) {
        FileChooser fc = new FileChooser();
        if (title != null) {
            fc.setTitle(title);
        }
        fc.getExtensionFilters().addAll(filters);
        Path start = dir != null && dir.toFile().isDirectory() ? dir : startFolder();
        if (start.toFile().isDirectory()) {
            fc.setInitialDirectory(start.toFile());
        }
        return fc;
    }

    /** Asks for an existing file; empty when the user cancels. */
    static Optional<File> open(Window owner, String title, Path dir, FileChooser.ExtensionFilter... filters) {
        return remember(Optional.ofNullable(chooser(title, dir, filters).showOpenDialog(owner)));
    }

    /** Asks where to save, proposing {@code initialName}; empty when the user cancels. */
    static Optional<File> save(Window owner, String title, String initialName, FileChooser.ExtensionFilter... filters) {
        FileChooser fc = chooser(title, null, filters);
        fc.setInitialFileName(initialName);
        return remember(Optional.ofNullable(fc.showSaveDialog(owner)));
    }

    /** A {@code *.json} filter described as "{@code what} (*.json)". */
    static FileChooser.ExtensionFilter json(String what) {
        return new FileChooser.ExtensionFilter(what + " (*.json)", "*.json");
    }
}
