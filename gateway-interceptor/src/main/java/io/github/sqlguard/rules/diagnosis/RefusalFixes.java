package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.statement.ParsedSql;
import io.github.sqlguard.statement.ParsedStatement.TableReference;
import io.github.sqlguard.statement.SqlIdentifiers;
import io.github.sqlguard.statement.WindowArguments;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fixes of refusals Flink words precisely enough to answer, for {@link PlannerErrorRule}: each a
 * symptom (a pattern over one message of the planner error) and the fix it calls for. Where none
 * matches, the fallback says to correct the statement as Flink's message says. Flink's plan tests
 * write each shape (issue 30: read as outside SQL, round 51).
 */
final class RefusalFixes {

    private RefusalFixes() {
    }

    /**
     * A refusal Flink words so: {@code symptom} matched against one message, where {@code statement} holds for the
     * statement; {@code fix} from the symptom's groups.
     */
    private record Refusal(Pattern symptom, Predicate<ParsedSql> statement, BiFunction<Matcher, ParsedSql, String> fix) {

        Refusal(Pattern symptom, Predicate<ParsedSql> statement, Function<Matcher, String> fix) {
            this(symptom, statement, (m, sql) -> fix.apply(m));
        }

        Refusal(Pattern symptom, Function<Matcher, String> fix) {
            this(symptom, any -> true, fix);
        }
    }

    /**
     * The time the statement's first join {@code FOR SYSTEM_TIME AS OF} (a lookup or temporal join) reads its table
     * as of, as its tree holds it ({@code o.ts}; {@link TableReference#asOf}); empty where it has none, a comment or a
     * string that says the words included.
     */
    private static Optional<String> asOf(ParsedSql statement) {
        return statement.facts().tableReferences().stream().map(TableReference::asOf).flatMap(Optional::stream)
                .findFirst();
    }

    private static final String EARLY_FIRE = "Early and late firing ('table.exec.emit.early-fire.enabled',"
            + " 'table.exec.emit.late-fire.enabled', experimental) apply to legacy group windows (GROUP BY TUMBLE(...)) only;"
            + " a window TVF aggregation emits each window once, when the watermark passes its end. Turn them off before"
            + " this statement (RESET 'table.exec.emit.early-fire.enabled'; RESET 'table.exec.emit.late-fire.enabled'), and"
            + " for results before a window closes aggregate over a CUMULATE window in place of the TUMBLE or HOP: its 3rd"
            + " argument is the step, its 4th the window's size, and it emits the window's result so far at every step.";

    private static final String AS_OF_KEY = "A join written FOR SYSTEM_TIME AS OF, a lookup or temporal join, reads the"
            + " table on its right by key: its join condition needs an equality between a column of the left input and a column of that table as it"
            + " is declared (the lookup key of a lookup join, the PRIMARY KEY of a versioned table), not TRUE and not an"
            + " expression on the table's column; other conditions can stand beside that equality.";

    /**
     * The fix of a {@code DESCRIPTOR} given an expression ({@link WindowArguments#describedExpression}): the expression as
     * the statement writes it, declared as a computed column with a WATERMARK (Flink docs, "CREATE Statements": a
     * WATERMARK is declared on a column) and named in DESCRIPTOR.
     */
    private static String descriptorColumn(String expression) {
        return "A window table function's DESCRIPTOR names a column of the table it reads, a time attribute, not an"
                + " expression such as " + expression + ": Flink's validator reads its argument as a column name and fails"
                + " on anything else (a cast error, or a column of the expression \"not found in any table\"). Add the"
                + " expression to the table as a computed column with a WATERMARK on it (event_time AS " + expression
                + ", WATERMARK FOR event_time AS event_time - INTERVAL '5' SECOND; the expression of type TIMESTAMP(3) or"
                + " TIMESTAMP_LTZ(3)) and name that column: DESCRIPTOR(event_time).";
    }

    private static final String APPROX_COUNT_DISTINCT = "APPROX_COUNT_DISTINCT runs on bounded input only (batch mode);"
            + " on a stream COUNT(DISTINCT ...) counts exactly, keeping every distinct value of each group in state: a"
            + " window aggregation frees them when its window closes, an aggregation without a window keeps them under the"
            + " state TTL.";

    private static final String LOOKUP_NOT_DISTINCT = "A lookup join takes its lookup keys from equalities that filter"
            + " NULL keys only: write the key condition with = in place of IS NOT DISTINCT FROM (or its form (a = b) OR (a"
            + " IS NULL AND b IS NULL)). A row whose key is NULL then matches no row of the lookup table; LEFT JOIN keeps"
            + " it, with NULLs for the table's columns.";

    private static final List<Refusal> REFUSALS = List.of(
            // Flink 2.3.0 StreamExecWindowAggregateBase#createSliceAssigner (1.20.0 the same).
            new Refusal(Pattern.compile("HOP table function based aggregate requires size must be an integral multiple of"
                    + " slide, but got size (\\d+) ms and slide (\\d+) ms"), m -> hopSize(millis(m, 1), millis(m, 2))),
            // Flink 2.3.0 WindowUtil#createWindowSpec (1.20.0 the same).
            new Refusal(Pattern.compile("CUMULATE table function based aggregate requires maxSize must be an integral"
                    + " multiple of step, but got maxSize (\\d+) ms and step (\\d+) ms"),
                    m -> cumulateSize(millis(m, 1), millis(m, 2))),
            // Flink 2.3.0 MinibatchUtil#miniBatchSize; StreamCommonSubGraphBasedOptimizer for the latency.
            new Refusal(Pattern.compile("'table\\.exec\\.mini-batch\\.size'.*must be > 0"), m -> miniBatch(
                    "table.exec.mini-batch.size", "5000", "rows buffered before a batch is processed")),
            new Refusal(Pattern.compile("MiniBatch Latency must be greater than 0 ms"), m -> miniBatch(
                    "table.exec.mini-batch.allow-latency", "5 s", "the longest a row waits for its batch")),
            // Flink 2.3.0 WindowUtil#checkEmitConfiguration, from the window aggregate's physical nodes.
            new Refusal(Pattern.compile("window table function based aggregate doesn't support early-fire and late-fire"),
                    m -> EARLY_FIRE),
            // Flink 2.3.0 FlinkCalciteSqlValidator#validateSnapshot: FOR SYSTEM_TIME AS OF an expression.
            new Refusal(Pattern.compile("Unsupported time travel expression: (.+?) for the expression can not be reduced"
                    + " to a constant"), m -> asOfExpression(m.group(1))),
            // A lookup or temporal join written RIGHT or FULL: Flink 2.3.0 refuses the correlate it becomes so.
            new Refusal(Pattern.compile("Unknown join type (RIGHT|FULL)"), sql -> asOf(sql).isPresent(),
                    m -> asOfOuterJoin(m.group(1))),
            // Flink 2.3.0 LogicalCorrelateToJoinFromTemporalTableRule#extractJoinKeys; the lookup join's own wording.
            new Refusal(Pattern.compile("Currently the join key in Temporal Table Join can not be empty"
                    + "|Temporal table join requires an equality condition on fields of table"), m -> AS_OF_KEY),
            // Flink 2.3.0 AggFunctionFactory#createApproxCountDistinctAggFunction: bounded input only.
            new Refusal(Pattern.compile("APPROX_COUNT_DISTINCT aggregate function does not support yet for streaming"),
                    m -> APPROX_COUNT_DISTINCT),
            // Flink 2.3.0 CommonLookupJoinRule#validateJoin (FLINK-13509).
            new Refusal(Pattern.compile("LookupJoin doesn't support join condition contains 'a IS NOT DISTINCT FROM b'"),
                    m -> LOOKUP_NOT_DISTINCT),
            // Flink 2.3.0 (Calcite's SqlWindowTableFunction operand checks, inferred from the message): a DESCRIPTOR
            // whose argument is a call, not an identifier (decodableco/examples, aggregate_clickstream_data.sql).
            // Of a call with a column in it (DESCRIPTOR(CAST(ts_millis AS TIMESTAMP(3)))) Flink 2.3.0 says the column is
            // not found, though the table has it. Flink 1.20.0 checks the operand in its own SqlDescriptorOperator
            // (org.apache.flink.table.planner.functions.sql, gone in 2.3) and names the rule.
            new Refusal(Pattern.compile("SqlBasicCall cannot be cast to class org\\.apache\\.calcite\\.sql\\.SqlIdentifier"
                    + "|Column '[^']+' not found in any table"
                    + "|DESCRIPTOR operator only supports accepting a list of identifiers"),
                    sql -> WindowArguments.describedExpression(sql).isPresent(),
                    (m, sql) -> descriptorColumn(WindowArguments.describedExpression(sql).orElseThrow())),
            // Flink 2.3.0 SqlSessionTableFunction: three operands (DATA, TIMECOL, GAP), the keys a PARTITION BY of the
            // table argument; a later Flink's plan tests (WindowRankTest#testOnSessionWindowAggregate) pass the keys as a
            // second DESCRIPTOR, which Calcite's operand count check refuses so.
            new Refusal(Pattern.compile("Invalid number of arguments to function 'SESSION'"),
                    sql -> WindowArguments.sessionKeys(sql).isPresent(),
                    (m, sql) -> sessionKeys(WindowArguments.sessionKeys(sql).orElseThrow())),
            // Flink 2.3.0 CommonTemporalTableJoinRule, LogicalCorrelateToJoinFromTemporalTableRule: the column after
            // FOR SYSTEM_TIME AS OF is not a time attribute (TemporalJoinTest#testInvalidTemporalTablJoin).
            new Refusal(Pattern.compile("Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's"
                    + " time attribute field"), sql -> true, (m, sql) -> asOfNotTimeAttribute(sql)),
            // Flink 2.3.0 TemporalJoinRewriteWithUniqueKeyRule: the condition does not equate the versioned table's key;
            // Flink prints the key as the join's row names it (currency0 where the left input has a currency too).
            new Refusal(Pattern.compile("Temporal table's primary key \\[([^\\]]*)] must be included in the equivalence"
                    + " condition of temporal join, but current temporal join condition is \\[([^\\]]*)]"),
                    sql -> true, (m, sql) -> versionedKey(m.group(1), m.group(2), sql)),
            // Flink 2.3.0 JoinConditionTypeCoerceRule#onMatch.
            new Refusal(Pattern.compile("implicit type conversion between (.+?) and (.+?) is not supported on join's"
                    + " condition"), m -> joinTypes(m.group(1), m.group(2))));

    /** The fix of a {@code SESSION} given its keys as a second {@code DESCRIPTOR}: the keys moved into the table argument. */
    private static String sessionKeys(WindowArguments.SessionKeys session) {
        // Two keys or more in parentheses: PARTITION BY user_id, site reads site as the function's next argument.
        String keys = session.severalKeys() ? "(" + session.keys() + ")" : session.keys();
        return "Flink " + io.github.sqlguard.flink.FlinkLine.current().line() + "'s SESSION window table function takes"
                + " three arguments, the table, its time column and the gap, and partitions the sessions by the table"
                + " argument's PARTITION BY, not by a second DESCRIPTOR: SESSION(TABLE " + session.table() + " PARTITION BY "
                + keys + ", DESCRIPTOR(" + session.time() + "), ...) with the same gap: sessions per " + session.keys()
                + ", as the second DESCRIPTOR meant (a later Flink's form of the same window).";
    }

    private static String asOfNotTimeAttribute(ParsedSql sql) {
        Optional<String> time = asOf(sql);
        boolean found = time.isPresent();
        String column = time.orElse("the column");
        // The column as the left table's DDL names it: ts of o.ts.
        String name = SqlIdentifiers.lastNameUnquoted(column);
        String watermark = found ? "WATERMARK FOR " + name + " AS " + name + " - INTERVAL ..." : "its WATERMARK";
        return column + " after FOR SYSTEM_TIME AS OF is a plain timestamp of the join's left input, not a time attribute:"
                + " for an event-time temporal join over a versioned table, declare a WATERMARK on that column in the left"
                + " table's DDL (" + watermark + ", the lateness its rows arrive with); for a lookup join"
                + " over a lookup source, join AS OF a column the left table declares AS PROCTIME() (add one where it has"
                + " none).";
    }

    /**
     * The fix where the condition of a temporal join does not equate the versioned table's primary key: each key
     * column as the statement writes it where Flink's name of it in the join's row is that name with a counter
     * ({@code currency0}: the left input has a {@code currency} too) and the statement names it so (a part of one of
     * its identifiers, as its tree holds them: not a word of a comment or a string); Flink's name, said to be one,
     * where the statement does not tell ({@code SELECT *}).
     */
    private static String versionedKey(String printed, String condition, ParsedSql sql) {
        Set<String> names = new HashSet<>();
        sql.tree().ifPresent(tree -> identifierParts(tree.node(), names, 0));
        List<String> keys = new ArrayList<>();
        for (String key : printed.split(",\\s*")) {
            String written = key.replaceFirst("\\d+$", "");
            boolean counted = !written.equals(key) && !written.isEmpty() && !names.contains(key.toLowerCase(Locale.ROOT));
            boolean named = counted && names.contains(written.toLowerCase(Locale.ROOT));
            keys.add(named ? written : counted ? key + " as Flink prints it; " + written + " where the left input has a"
                    + " column of that name too" : key);
        }
        boolean sure = keys.stream().noneMatch(k -> k.contains(" as Flink prints it"));
        return "A temporal join finds the version of the table on its right by that table's PRIMARY KEY ("
                + String.join(", ", keys) + "): its condition must equate each key column with the left input's column"
                + " that holds it" + (sure ? " (" + keys.get(0) + " = a column of the left input)" : "")
                + "; the condition written (" + condition
                + ") equates none. Other conditions can stand beside that equality; to join on other columns, declare"
                + " them the table's PRIMARY KEY, or join it as a regular join.";
    }

    /** Every part of every identifier under {@code node} ({@code o}, {@code currency} of {@code o.currency}), lower case. */
    private static void identifierParts(SqlNode node, Set<String> out, int depth) {
        if (node == null || depth > 256) {
            return;
        }
        if (node instanceof SqlIdentifier identifier) {
            identifier.names.forEach(name -> out.add(name.toLowerCase(Locale.ROOT)));
        } else if (node instanceof SqlNodeList list) {
            list.forEach(child -> identifierParts(child, out, depth + 1));
        } else if (node instanceof SqlCall call) {
            call.getOperandList().forEach(child -> identifierParts(child, out, depth + 1));
        }
    }

    /** The fix of {@code message}, refusing {@code statement}, where Flink's words name a refusal this class answers. */
    static Optional<String> fix(String message, ParsedSql statement) {
        for (Refusal refusal : REFUSALS) {
            Matcher m = refusal.symptom().matcher(message);
            if (m.find() && refusal.statement().test(statement)) {
                return Optional.of(refusal.fix().apply(m, statement));
            }
        }
        return Optional.empty();
    }

    private static String asOfOuterJoin(String type) {
        return "A join written FOR SYSTEM_TIME AS OF, a lookup or temporal join, is INNER or LEFT, never " + type + ": Flink"
                + " reads the table on its right as of each row of the left input, so it has no list of that table's"
                + " rows no left row matched. Write LEFT JOIN to keep every row of the left input (NULLs where nothing"
                + " matched); to keep the right table's unmatched rows too, join it as a regular join, whose state"
                + " holds both inputs.";
    }

    private static String miniBatch(String key, String value, String what) {
        return "Mini-batch ('table.exec.mini-batch.enabled' = 'true') needs both 'table.exec.mini-batch.allow-latency' and"
                + " 'table.exec.mini-batch.size' set to a positive value, and the session sets no positive " + key
                + " (" + what + "): SET '" + key + "' = '" + value + "' before this statement (Flink's tuning docs use 5 s"
                + " and 5000), or RESET 'table.exec.mini-batch.enabled' to run without mini-batch.";
    }

    private static String asOfExpression(String expression) {
        return "After FOR SYSTEM_TIME AS OF, name a time attribute column of the join's left input, qualified by"
                + " that input's alias, in place of the expression " + expression + ": for a lookup join, a processing-time"
                + " column the left table declares (a column AS PROCTIME() in its DDL; add one where it has none); for an"
                + " event-time temporal join, the left table's column with the WATERMARK.";
    }

    private static String joinTypes(String left, String right) {
        return "The join compares " + left + " with " + right + " values, which Flink does not convert implicitly in a"
                + " join condition: cast the left side to the right side's type there (CAST(left AS " + baseType(right)
                + ") = right; a lookup join needs it so, as it looks the value up in the table's column as declared), or"
                + " declare both columns with one type.";
    }

    /** {@code VARCHAR(2147483647)} as {@code STRING}, other types as Flink prints them without their length. */
    private static String baseType(String type) {
        if (type.equals("VARCHAR(2147483647)")) {
            return "STRING";
        }
        int paren = type.indexOf('(');
        return paren < 0 ? type : type.substring(0, paren);
    }

    private static String hopSize(Duration size, Duration slide) {
        return "HOP's size (its 4th argument, " + StateTtl.format(size) + ") must be a whole multiple of its slide (its 3rd"
                + " argument, " + StateTtl.format(slide) + "): Flink splits the windows into slices of the slide. "
                + alternatives("slide", "size", size, slide) + ".";
    }

    private static String cumulateSize(Duration maxSize, Duration step) {
        return "CUMULATE's max size (its 4th argument, " + StateTtl.format(maxSize) + ") must be a whole multiple of its"
                + " step (its 3rd argument, " + StateTtl.format(step) + "): Flink emits the window's result so far at every"
                + " step. " + alternatives("step", "max size", maxSize, step) + ".";
    }

    /**
     * The values that make {@code size} a multiple of {@code step}: the divisors of {@code size} nearest to
     * {@code step} (counted in the largest unit dividing both), and the multiples of {@code step} nearest to
     * {@code size}.
     */
    private static String alternatives(String stepName, String sizeName, Duration size, Duration step) {
        long unit = commonUnit(size.toMillis(), step.toMillis());
        long s = size.toMillis() / unit;
        long t = step.toMillis() / unit;
        List<String> steps = new ArrayList<>();
        long below = 0;
        for (long d = t - 1; d >= 1; d--) {
            if (s % d == 0) {
                below = d;
                break;
            }
        }
        if (below > 0) {
            steps.add(interval(below * unit));
        }
        for (long d = t + 1; d < s; d++) {
            if (s % d == 0) {
                steps.add(interval(d * unit));
                break;
            }
        }
        List<String> sizes = new ArrayList<>();
        long lower = (s / t) * t;
        if (lower > t) {
            sizes.add(interval(lower * unit));
        }
        sizes.add(interval((s / t + 1) * t * unit));
        String keepSize = steps.isEmpty() ? "" : "Keep the " + sizeName + " with a " + stepName + " that divides it ("
                + String.join(" or ", steps) + "), or keep";
        return (keepSize.isEmpty() ? "Keep" : keepSize) + " the " + stepName + " with a " + sizeName
                + " that is a multiple of it (" + String.join(" or ", sizes) + ")";
    }

    private static final long[] UNITS = {86_400_000L, 3_600_000L, 60_000L, 1_000L, 1L};
    private static final String[] UNIT_NAMES = {"DAY", "HOUR", "MINUTE", "SECOND", null};

    private static long commonUnit(long a, long b) {
        for (long unit : UNITS) {
            if (a % unit == 0 && b % unit == 0) {
                return unit;
            }
        }
        return 1L;
    }

    /** {@code millis} as the SQL interval literal with its highest exact unit: {@code INTERVAL '5' MINUTE}. */
    static String interval(long millis) {
        for (int i = 0; i < UNITS.length - 1; i++) {
            if (millis % UNITS[i] == 0) {
                return "INTERVAL '" + millis / UNITS[i] + "' " + UNIT_NAMES[i];
            }
        }
        return "INTERVAL '" + java.math.BigDecimal.valueOf(millis, 3).toPlainString() + "' SECOND";
    }

    private static Duration millis(Matcher m, int group) {
        return Duration.ofMillis(Long.parseLong(m.group(group)));
    }
}
