package io.github.sqlguard.rewrite;

import io.github.sqlguard.rules.ProvenWay;
import io.github.sqlguard.statement.SqlText;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A rewrite before its proof: what would be shown, what the proof plans, and what it must find.
 *
 * @param family the family that wrote it
 * @param answers the finding it answers: its rule, its node, and that node's operator in the statement's plan, by which
 *     the proof finds it again in the rewrite's ({@link AnsweredFinding})
 * @param before the statements that go before the rewritten statement ({@code SET ...}, {@code
 *     ALTER TABLE ...}, a view's new definition), each without its {@code ;}
 * @param statement the rewritten statement, in the user's text where it is unchanged
 * @param planned the statement the proof plans: {@code statement}, or with a rewritten view inlined
 *     and a changed table under its scratch name
 * @param config what the {@code SET}s of {@code before} set: the proof plans with it as the
 *     statement's execution config, so the session is not changed
 * @param tables tables the proof must see changed ({@link TableChange}), under a scratch name
 * @param intent what the proof must find in the plan
 * @param columns how the output columns may differ from the original's
 * @param changes one line: what changes in meaning
 * @param chosen the values chosen and where from, or empty
 * @param view the view whose definition is rewritten, if any
 * @param way the way of the finding's fix the candidate proves once it plans ({@link Rewrite#way()}), if any
 * @param line the facts {@code changes} is said from where a family wrote them ({@link ChangesLine}: an {@code
 *     on-conflict} choice, a {@code state-ttl-hint}'s line): a {@code SET} before the statement and the proof's plan
 *     change what it says by these, not by reading {@code changes} back; {@code changes} is then their text
 */
record Candidate(
        String family,
        AnsweredFinding answers,
        List<String> before,
        String statement,
        String planned,
        Map<String, String> config,
        List<TableChange> tables,
        Intent intent,
        Columns columns,
        String changes,
        String chosen,
        Optional<String> view,
        Optional<ProvenWay> way,
        Optional<ChangesLine> line) {

    Candidate {
        // The statements put before the user's in the case the user writes keywords in (KeywordCase). The user's
        // statement (up to megabytes) is tokenized only where a statement before it has a keyword to lower: not
        // for a copy of a candidate whose statements before were lowered already (forFinding).
        before = before.stream().anyMatch(b -> !KeywordCase.lowered(b).equals(b))
                && KeywordCase.lowerCase(new Splicer.Offsets(statement, null).tokens(), statement)
                ? before.stream().map(KeywordCase::loweredStatement).toList()
                : List.copyOf(before);
        config = Map.copyOf(config);
        tables = List.copyOf(tables);
        java.util.Objects.requireNonNull(answers);
        java.util.Objects.requireNonNull(way);
        java.util.Objects.requireNonNull(line);
        if (line.isPresent()) {
            changes = line.get().text();
        }
    }

    /** A candidate whose {@code changes:} line is its own text. */
    Candidate(
            String family, AnsweredFinding answers, List<String> before, String statement, String planned,
            Map<String, String> config, List<TableChange> tables, Intent intent, Columns columns, String changes,
            String chosen, Optional<String> view, Optional<ProvenWay> way) {
        this(family, answers, before, statement, planned, config, tables, intent, columns, changes, chosen, view, way,
                Optional.empty());
    }

    /** The rule of the finding it answers. */
    String ruleId() {
        return answers.ruleId();
    }

    /** The node of the finding it answers, as shown ({@link io.github.sqlguard.rules.Finding#node()}). */
    String findingNode() {
        return answers.node();
    }

    /** A candidate that proves no way of its finding's fix ({@link #way()}). */
    Candidate(
            String family, AnsweredFinding answers, List<String> before, String statement, String planned,
            Map<String, String> config, List<TableChange> tables, Intent intent, Columns columns, String changes,
            String chosen, Optional<String> view) {
        this(family, answers, before, statement, planned, config, tables, intent, columns, changes, chosen,
                view, Optional.empty(), Optional.empty());
    }

    /** This candidate proving {@code proven}, a way of its finding's fix, once it plans ({@link Rewrite#way()}). */
    Candidate withWay(ProvenWay proven) {
        return new Candidate(family, answers, before, statement, planned, config, tables, intent, columns,
                changes, chosen, view, Optional.of(proven), line);
    }

    /**
     * This candidate with {@code ON CONFLICT DO DEDUPLICATE} after its statement, which the changes line says with
     * {@code why}: Flink 2.3 refuses a window aggregation or a window join into a sink keyed by a primary key without a
     * clause, and over their insert-only rows that choice puts no upsert materializer before the sink ({@link
     * WindowAggregate#keyedSink}), which its proof checks ({@link Intent#insertingIntoSink}).
     */
    Candidate deduplicatingOnConflict(String why) {
        String clause = "\nON CONFLICT DO DEDUPLICATE";
        return new Candidate(family, answers, before, unterminated(statement) + clause, unterminated(planned) + clause,
                config, tables, intent.insertingIntoSink(), columns, changes + "; " + why, chosen, view, way,
                line.map(l -> l.followedBy(why)));
    }

    /**
     * The script shown: the statements before, then the statement, each ending with {@code ;}; on a
     * line of its own after a statement whose last line ends in a {@code --} comment, where it would
     * otherwise be part of the comment.
     */
    String sql() {
        StringBuilder out = new StringBuilder();
        for (String statement : before) {
            out.append(terminated(statement)).append('\n');
        }
        return out.append(terminated(statement)).toString();
    }

    /** {@code statement} ending with its {@code ;} ({@link #sql()}). */
    private static String terminated(String statement) {
        String text = unterminated(statement);
        return text + (SqlText.endsInLineComment(text) ? "\n;" : ";");
    }

    /**
     * {@code statement} without blanks around it and without its own closing semicolons: the SQL
     * Client sends a statement with the {@code ;} that ended it in the script, and the rewrite ends
     * each statement with one.
     */
    private static String unterminated(String statement) {
        String text = statement.strip();
        while (text.endsWith(";") && !SqlText.endsInLineComment(text)) {
            text = text.substring(0, text.length() - 1).stripTrailing();
        }
        return text;
    }

    /**
     * This candidate as the answer to {@code finding}, another finding of the statement: its rule and
     * operator; the proof checks that rule ({@link Prover}).
     */
    Candidate forFinding(AnsweredFinding finding) {
        return new Candidate(family, finding, before, statement, planned, config, tables, intent,
                columns, changes, chosen, view, way, line);
    }

    /** This candidate with {@code set} (a {@code SET 'key' = 'value'}) first, and its key and value in the proof's config. */
    Candidate withSet(String key, String value, String why, String chosenValue) {
        List<String> statements = new java.util.ArrayList<>();
        statements.add("SET '" + key + "' = '" + value + "'");
        statements.addAll(before);
        Map<String, String> withKey = new java.util.HashMap<>(config);
        withKey.put(key, value);
        // A SET of the state TTL reaches every operator no hint names, in this statement and the session's later ones,
        // and an upsert materializer gets the TTL it gives (issue 30): a line said from its facts is said anew under it
        // (ChangesLine#underSet); any other line is followed by why.
        Optional<ChangesLine> under = line.map(l -> l.underSet(key, value, why));
        return new Candidate(
                family, answers, statements, statement, planned, withKey, tables, intent, columns,
                changes + "; " + why,
                chosen.isEmpty() ? chosenValue : chosen.contains(chosenValue) ? chosen : chosen + "; " + chosenValue, view,
                way, under);
    }

    /**
     * How the rewrite's output columns may differ from the original statement's.
     *
     * @param added columns the rewrite adds on purpose ({@code window_start}, ...)
     * @param removed columns it drops on purpose ({@code rn}, ...)
     */
    record Columns(Set<String> added, Set<String> removed) {

        static final Columns SAME = new Columns(Set.of(), Set.of());

        Columns {
            added = Set.copyOf(added);
            removed = Set.copyOf(removed);
        }
    }
}
