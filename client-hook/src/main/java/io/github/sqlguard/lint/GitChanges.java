package io.github.sqlguard.lint;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The files of a git working tree changed since a revision, as {@code lint --since REF} reads them
 * with the {@code git} command: the diff of the working tree (staged or not) against the merge base
 * of {@code REF} and {@code HEAD} ({@code git diff --name-status -M}, so a pull request's change is
 * what its branch added to the base it started from), and the untracked files git does not ignore.
 * Deleted files are left out: there is nothing to lint.
 *
 * @param base the merge base, a commit id
 * @param ref the revision as given
 * @param top the working tree's root
 * @param changed every changed file (absolute), with its path at {@code base} when it existed there
 *     (renamed files keep their old path), else empty (added)
 */
public record GitChanges(String base, String ref, Path top, Map<Path, Optional<String>> changed) {

    public GitChanges {
        changed = Collections.unmodifiableMap(new LinkedHashMap<>(changed));
    }

    /** Something git refused: an unknown revision, not a repository, no {@code git} command. */
    public static final class GitException extends Exception {
        private static final long serialVersionUID = 1L;

        private final boolean refused;

        GitException(String message) {
            this(message, false);
        }

        GitException(String message, boolean refused) {
            super(message);
            this.refused = refused;
        }

        /** Whether git ran and refused (a non-zero exit), rather than could not be run or read. */
        boolean refused() {
            return refused;
        }
    }

    /** The changes since {@code ref} of the working tree that holds {@code directory}. */
    public static GitChanges since(String ref, Path directory) throws GitException {
        Path top;
        try {
            top = Path.of(git(directory, "rev-parse", "--show-toplevel").strip());
        } catch (GitException e) {
            if (!e.refused()) {
                throw e;
            }
            // Absolute: lint's own working directory is Path.of(""), which prints as nothing.
            throw new GitException(directory.toAbsolutePath().normalize() + " is not in a git working tree ("
                    + e.getMessage() + "); run lint inside the repository whose scripts it lints, or name scripts"
                    + " that are in one", true);
        }
        if (!isCommit(top, ref)) {
            throw new GitException(unknownRevision(top, ref));
        }
        String base = git(top, "merge-base", ref, "HEAD").strip();
        Map<Path, Optional<String>> changed = new LinkedHashMap<>();
        String[] status = git(top, "diff", "--name-status", "-z", "-M", base, "--").split("\0");
        for (int i = 0; i < status.length && !status[i].isEmpty(); ) {
            char kind = status[i].charAt(0);
            if (kind == 'R' || kind == 'C') {
                changed.put(top.resolve(status[i + 2]).normalize(), kind == 'R' ? Optional.of(status[i + 1]) : Optional.empty());
                i += 3;
            } else {
                if (kind == 'M' || kind == 'T') {
                    changed.put(top.resolve(status[i + 1]).normalize(), Optional.of(status[i + 1]));
                } else if (kind == 'A') {
                    changed.put(top.resolve(status[i + 1]).normalize(), Optional.empty());
                }
                i += 2;
            }
        }
        for (String untracked : git(top, "ls-files", "--others", "--exclude-standard", "-z").split("\0")) {
            if (!untracked.isEmpty()) {
                changed.putIfAbsent(top.resolve(untracked).normalize(), Optional.empty());
            }
        }
        return new GitChanges(base, ref, top, changed);
    }

    /** Whether {@code ref} names a commit of the repository at {@code top}. */
    private static boolean isCommit(Path top, String ref) {
        try {
            git(top, "rev-parse", "--verify", "--quiet", ref + "^{commit}");
            return true;
        } catch (GitException e) {
            return false;
        }
    }

    /**
     * Why {@code ref} cannot be compared with, with the branches the repository has: a repository
     * made by {@code git init} names its first branch {@code master} unless {@code init.defaultBranch}
     * says otherwise, so {@code --since main} as the documentation writes it names no revision there.
     */
    static String unknownRevision(Path top, String ref) {
        List<String> branches = new ArrayList<>();
        try {
            for (String branch : git(top, "for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/remotes").split("\n")) {
                if (!branch.isBlank()) {
                    branches.add(branch.strip());
                }
            }
        } catch (GitException e) {
            // Listed when git can; the revision is unknown either way.
        }
        String current = null;
        try {
            current = git(top, "symbolic-ref", "--short", "-q", "HEAD").strip();
        } catch (GitException e) {
            // A detached HEAD has no branch.
        }
        StringBuilder message = new StringBuilder("no revision '").append(ref).append("' in the git repository at ")
                .append(top);
        if (branches.isEmpty()) {
            message.append(isCommit(top, "HEAD") ? " (it has no branches)" : " (it has no commit yet: --since compares with one)");
        } else {
            int shown = Math.min(branches.size(), 10);
            message.append("; its branches: ");
            for (int i = 0; i < shown; i++) {
                String branch = branches.get(i);
                message.append(i == 0 ? "" : ", ").append(branch).append(branch.equals(current) ? " (current)" : "");
            }
            if (branches.size() > shown) {
                message.append(", and ").append(branches.size() - shown).append(" more");
            }
            String example = current;
            for (String branch : branches) {
                if (!branch.equals(current)) {
                    example = branch;
                    break;
                }
            }
            message.append(". Name the branch, tag or commit the change started from, e.g. --since ")
                    .append(example == null ? branches.get(0) : example);
        }
        return message.toString();
    }

    /** The text of {@code pathAtBase} (relative to the working tree's root) at the merge base. */
    public String atBase(String pathAtBase) throws GitException {
        return git(top, "show", base + ":" + pathAtBase);
    }

    /** The merge base, shortened for reports: {@code origin/main (3f2a1c9)}. */
    public String description() {
        return ref + " (" + base.substring(0, Math.min(7, base.length())) + ")";
    }

    private static String git(Path directory, String... args) throws GitException {
        List<String> command = new ArrayList<>(List.of("git", "-C", directory.toString()));
        command.addAll(List.of(args));
        Process process;
        try {
            process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        } catch (IOException e) {
            throw new GitException("cannot run git (" + e.getMessage() + "): --since needs the git command");
        }
        try {
            process.getOutputStream().close();
            // Both streams at once: a large diff must not block on a full stderr pipe.
            CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String error = new String(err.get(), StandardCharsets.UTF_8).strip();
            if (process.waitFor() != 0) {
                throw new GitException("git " + String.join(" ", args) + " failed: " + (error.isEmpty() ? "exit " + process.exitValue() : error),
                        true);
            }
            return out;
        } catch (IOException e) {
            throw new GitException("cannot read git's output: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroy();
            throw new GitException("interrupted while git ran");
        } catch (ExecutionException e) {
            throw new GitException("cannot read git's errors: " + e.getCause().getMessage());
        }
    }

    private static byte[] readAll(InputStream in) {
        try {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
