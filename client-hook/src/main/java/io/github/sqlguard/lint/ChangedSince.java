package io.github.sqlguard.lint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code lint --since REF}: lints only the scripts of the inputs that changed since {@code REF}
 * ({@link GitChanges}), and compares their findings with those of the same scripts at the merge
 * base, so that only what the change adds fails the run.
 *
 * <p>Each changed script that existed at the base is linted twice in one run of the same engine:
 * as it is, and as it was (a copy under a scratch directory, reported under the script's own name).
 * A finding is {@link BaselineState#UNCHANGED} when the old version had it (same file, same {@link
 * Fingerprints fingerprint}: rule, statement text, occurrence), else {@link BaselineState#NEW};
 * every finding of an added script is new; the old version's findings the change removed are
 * {@link BaselineState#ABSENT}. Each job (INSERT, statement set) of a changed script is judged as a
 * restore of a savepoint of its version at the base ({@link LintEngine#lintVersion}): the restore
 * rules' findings, new like any other, and the class of the restore in the report. Init scripts ({@code -i}, {@code init} in sql-guard.yaml) run
 * first in both versions' sessions as they are now; their own findings are new only when the init
 * script itself changed.
 */
final class ChangedSince {

    private ChangedSince() {}

    /**
     * The changed scripts among {@code inputs}: a changed file that is an input, or that lies under an
     * input directory and passes {@code filter}; in the order git lists them, as the working
     * directory's relative paths where they are under it.
     */
    static List<Path> scripts(GitChanges changes, List<Path> inputs, ScriptFilter filter) {
        List<Path> out = new ArrayList<>();
        for (Path file : changes.changed().keySet()) {
            Path absolute = file.toAbsolutePath().normalize();
            if (!Files.isRegularFile(absolute)) {
                continue;
            }
            for (Path input : inputs) {
                Path in = input.toAbsolutePath().normalize();
                boolean named = absolute.equals(in);
                boolean under = Files.isDirectory(in) && absolute.startsWith(in) && filter.accepts(input, absolute);
                if (named || under) {
                    out.add(WorkingDirectory.relative(absolute));
                    break;
                }
            }
        }
        return out.stream().sorted().toList();
    }

    /**
     * Lints {@code scripts} and their versions at the base, and returns the run of {@code scripts}
     * compared with those.
     *
     * @param scratch an empty directory for the old versions; the caller deletes it
     * @param init the init scripts the linter runs first
     * @param accepted more findings to accept ({@code --baseline FILE})
     * @param since what the run is compared with, for its summary: the merge base, and the
     *     {@code --baseline} file where one was given
     * @throws GitChanges.GitException when git cannot give a script's old version
     */
    static LintRun lint(
            Linter linter, List<Path> scripts, List<Path> init, GitChanges changes, Path scratch,
            List<BaselineFinding> accepted, String since)
            throws GitChanges.GitException {
        Map<String, String> oldNames = new HashMap<>();
        Map<String, Linter.PreviousVersion> previous = new HashMap<>();
        List<Path> inputs = new ArrayList<>(scripts);
        for (Path script : scripts) {
            Optional<String> atBase = changes.changed().get(script.toAbsolutePath().normalize());
            if (atBase == null || atBase.isEmpty()) {
                continue;
            }
            Path copy = scratch.resolve(atBase.get());
            write(copy, changes.atBase(atBase.get()));
            oldNames.put(Linter.display(copy), Linter.display(script));
            previous.put(Linter.display(script), new Linter.PreviousVersion(
                    Linter.display(copy), Linter.display(script) + " at " + changes.description()));
            inputs.add(copy);
        }
        LintRun both = linter.run(inputs, previous);

        Set<Path> changed = new HashSet<>();
        changes.changed().keySet().forEach(f -> changed.add(f.toAbsolutePath().normalize()));
        Set<String> unchangedInit = new HashSet<>();
        for (Path file : init) {
            if (!changed.contains(file.toAbsolutePath().normalize())) {
                unchangedInit.add(Linter.display(file));
            }
        }
        List<LintedStatement> now = new ArrayList<>();
        List<LintedStatement> before = new ArrayList<>();
        for (LintedStatement s : both.statements()) {
            (oldNames.containsKey(s.file()) ? before : now).add(s);
        }
        List<BaselineFinding> baseline = new ArrayList<>(accepted);
        Map<LintFinding, String> oldFingerprints = Fingerprints.of(before);
        for (LintedStatement s : before) {
            for (LintFinding f : s.findings()) {
                if (!f.unanalysed()) {
                    baseline.add(new BaselineFinding(oldNames.get(s.file()), f.ruleId(), f.level().name(),
                            f.finding().reason(), f.line(), f.column(), oldFingerprints.get(f)));
                }
            }
        }
        Map<LintFinding, String> fingerprints = Fingerprints.of(now);
        for (LintedStatement s : now) {
            if (unchangedInit.contains(s.file())) {
                for (LintFinding f : s.findings()) {
                    baseline.add(new BaselineFinding(s.file(), f.ruleId(), f.level().name(), f.finding().reason(), f.line(),
                            f.column(), fingerprints.get(f)));
                }
            }
        }
        List<String> files = both.files().stream().filter(f -> !oldNames.containsKey(f)).toList();
        List<LintProblem> problems = both.problems().stream().filter(p -> !oldNames.containsKey(p.path())).toList();
        return new LintRun(files, now, problems).against(BaselineComparison.of(since, now, baseline));
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the old version of a script to " + file, e);
        }
    }
}
