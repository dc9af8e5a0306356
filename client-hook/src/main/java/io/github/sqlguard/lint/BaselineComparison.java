package io.github.sqlguard.lint;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A lint run's findings against a baseline: each finding {@link BaselineState#NEW} or {@link
 * BaselineState#UNCHANGED}, and the baseline's findings this run no longer has ({@link
 * BaselineState#ABSENT}). A baseline finding accepts one finding of the same file and fingerprint;
 * the fingerprint already tells repeated findings of one statement apart.
 *
 * @param description what the run is compared with, as it reads after "since" in reports: {@code the baseline
 *     report.json}, {@code origin/main (3f2a1c9)}, {@code origin/main (3f2a1c9) and the baseline report.json}
 * @param states the state of every finding of the run, by identity
 * @param absent the baseline's findings of the run's files that the run does not have
 */
public record BaselineComparison(String description, Map<LintFinding, BaselineState> states, List<BaselineFinding> absent) {

    public BaselineComparison {
        Map<LintFinding, BaselineState> copy = new IdentityHashMap<>();
        copy.putAll(states);
        states = Collections.unmodifiableMap(copy);
        absent = List.copyOf(absent);
    }

    /**
     * Compares {@code statements} with {@code baseline}. Absent findings are those of files the run
     * linted: a baseline of the whole repository says nothing of the files a run left out.
     */
    public static BaselineComparison of(String description, List<LintedStatement> statements, List<BaselineFinding> baseline) {
        Map<String, Integer> accepted = new HashMap<>();
        Map<String, BaselineFinding> byKey = new LinkedHashMap<>();
        for (BaselineFinding b : baseline) {
            accepted.merge(b.key(), 1, Integer::sum);
            byKey.putIfAbsent(b.key(), b);
        }
        Map<LintFinding, BaselineState> states = new IdentityHashMap<>();
        Map<LintFinding, String> fingerprints = Fingerprints.of(statements);
        Set<String> files = new HashSet<>();
        for (LintedStatement s : statements) {
            files.add(s.file());
            for (LintFinding f : s.findings()) {
                String key = s.file() + "\n" + fingerprints.get(f);
                Integer left = accepted.get(key);
                if (!f.unanalysed() && left != null && left > 0) {
                    accepted.put(key, left - 1);
                    states.put(f, BaselineState.UNCHANGED);
                } else {
                    states.put(f, BaselineState.NEW);
                }
            }
        }
        List<BaselineFinding> absent = baseline.stream()
                .filter(b -> files.contains(b.file()))
                .filter(b -> {
                    Integer left = accepted.get(b.key());
                    if (left == null || left == 0) {
                        return false;
                    }
                    accepted.put(b.key(), left - 1);
                    return true;
                })
                .toList();
        return new BaselineComparison(description, states, absent);
    }

    /** The state of {@code finding}: {@link BaselineState#NEW} for one the run did not compare. */
    public BaselineState state(LintFinding finding) {
        return states.getOrDefault(finding, BaselineState.NEW);
    }

    /** True when {@code finding} is not in the baseline. */
    public boolean isNew(LintFinding finding) {
        return state(finding) == BaselineState.NEW;
    }

    /** How many findings of the run the baseline lists. */
    public long unchanged() {
        return states.values().stream().filter(s -> s == BaselineState.UNCHANGED).count();
    }
}
