package io.github.sqlguard.testing;

import io.github.sqlguard.service.Submission;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Each case script of the corpus run once per test JVM through a {@link LintLikeSession} in streaming
 * mode that proves every rewrite of every statement: the corpus-wide rewrite tests ({@code
 * LintFirstRewriteTest}, {@code StructuralFixFirstTest}) read the same runs instead of planning the
 * corpus once each (CONTRIBUTING.md: the same corpus is not run through the same path twice). A run is
 * made on first use and kept, and so is the session, for the test JVM's life (no job runs in it: statements
 * that would start one are only planned). Each run keeps the rewrite
 * families that failed during it ({@link RewriteFamilyFailures}, those its thread logged: a test may plan
 * statements of its own on another thread meanwhile), since they fail while it runs, not while a test reads it.
 */
public final class ProvenCorpus {

    /** A script's submissions in order, and the rewrite families that failed while it ran. */
    public record Run(SqlScript script, List<Submission> submissions, List<String> familyFailures) {

        /** The last statement's submission. */
        public Submission last() {
            return submissions.get(submissions.size() - 1);
        }
    }

    private static final Map<Path, Run> RUNS = new HashMap<>();
    private static LintLikeSession session;
    private static RewriteFamilyFailures failures;

    private ProvenCorpus() {}

    /** The run of the case script {@code file}, made now if no test of this JVM made it before. */
    public static synchronized Run of(Path file) {
        Run run = RUNS.get(file);
        if (run != null) {
            return run;
        }
        if (session == null) {
            session = new LintLikeSession(Map.of("execution.runtime-mode", "streaming"));
            failures = new RewriteFamilyFailures();
        }
        SqlScript script;
        try {
            script = SqlScript.read(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        failures.takeOfThisThread();
        List<Submission> submissions =
                session.run(script.sessionProperties(), script.statements(), script.executionConfig());
        run = new Run(script, List.copyOf(submissions), failures.takeOfThisThread());
        RUNS.put(file, run);
        return run;
    }
}
