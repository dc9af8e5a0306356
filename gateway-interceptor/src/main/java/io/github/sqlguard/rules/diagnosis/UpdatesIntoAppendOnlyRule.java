package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.plan.GroupWindowEmit;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.ChangelogSources;
import io.github.sqlguard.rules.RuleDeclaration;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code updates-into-append-only}: a query whose result updates or deletes rows (a Top-N, a non-window
 * aggregation, an outer join, the latest row per key) written into a sink, or read by an operator, that
 * accepts inserts only.
 *
 * <p>Planner symptom (Flink 2.3.0 and 1.20.0, {@code FlinkChangelogModeInferenceProgram#createNewNode}):
 * {@code <requester> doesn't support consuming <kinds> changes which is produced by node <node>}, where the
 * requester is {@code Table sink '<catalog>.<database>.<table>'} or an operator's class
 * ({@code StreamPhysicalOverAggregate}, {@code StreamPhysicalWindowAggregate}, ...), the kinds are
 * {@code update}, {@code delete} or {@code update and delete}, and the node is Flink's description of the
 * operator that produces them ({@code Rank(..., partitionBy=[item], ...)}, {@code GroupAggregate(groupBy=[item],
 * ...)}). Which operators emit inserts only is Flink's: a first-row {@code Deduplicate} ({@link
 * FlinkLine#firstRowOnEventTimeInsertOnly}), an inner or semi join of insert-only inputs, window
 * aggregations, window Top-Ns and window deduplications (the same program's {@code
 * ModifyKindSetTrait.INSERT_ONLY} cases); a legacy group window emits updates under early firing, or late firing
 * in event time ({@link GroupWindowEmit}), and its fix turns that off first.
 */
public final class UpdatesIntoAppendOnlyRule extends DiagnosisRule {

    public static final String ID = "updates-into-append-only";

    public static final RuleDeclaration DECLARATION = RuleDeclaration.diagnosis(
            ID,
            "A query whose result updates or deletes rows (a Top-N, a non-window aggregation, an outer join, the latest"
                    + " row per key) written into a sink, or read by an operator, that accepts inserts only.");

    private static final String CONSUMING = " doesn't support consuming ";
    private static final String PRODUCED = " changes which is produced by node ";
    /**
     * The insert-only forms of the latest row per key (Flink's description names it a {@code Rank} with
     * {@code rankEnd=1} ordered by a time attribute on 2.3, a {@code Deduplicate(keep=[LastRow])} on 1.20):
     * the first row where this line emits it as inserts ({@link FlinkLine#firstRowOnEventTimeInsertOnly}),
     * or a window deduplication.
     */
    private static String firstRowOrWindow() {
        String first = FlinkLine.current().firstRowOnEventTimeInsertOnly()
                ? "keep the first row per key (ORDER BY the time attribute ASC), which Flink emits as inserts while"
                        + " mini-batch is off"
                : "keep the first row per key by processing time (ORDER BY a PROCTIME() column ASC), which Flink emits"
                        + " as inserts";
        return first + ", or deduplicate per window (PARTITION BY window_start, window_end first, over a window TVF): a"
                + " window deduplication emits each window's row once, as an insert";
    }

    private static final Pattern PARAMETER = Pattern.compile("(\\w+)=\\[([^\\]]*)\\]");

    public UpdatesIntoAppendOnlyRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return Symptom.of(plannerError).isPresent();
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        Symptom symptom = Symptom.of(plannerError).orElseThrow();
        if (symptom.sink()) {
            return symptom.consumer() + " accepts inserts only, but " + symptom.producer() + " " + symptom.why()
                    + " (Flink: " + symptom.kinds() + " changes).";
        }
        // The operator reads the producer; Flink's message names neither the view nor the table it comes from, the
        // statement does where it reads one name (a scan's table is in the producer's words already).
        String of = symptom.source() ? "" : oneNameRead(context).map(name -> " of " + name).orElse("");
        return symptom.consumer() + " accepts inserts only, but it reads " + symptom.producer() + of + ", which "
                + symptom.why() + " (Flink: " + symptom.kinds() + " changes).";
    }

    /** The one table or view the statement reads by name ({@code WITH} items left out), where it reads exactly one. */
    private static Optional<String> oneNameRead(AnalysisContext context) {
        List<String> withItems = context.statement().facts().withItemNames();
        List<String> names = context.statement().facts().tableReferences().stream()
                .map(reference -> reference.name())
                .filter(name -> !withItems.contains(name))
                .distinct()
                .toList();
        return names.size() == 1 ? Optional.of(names.get(0)) : Optional.empty();
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        Symptom symptom = Symptom.of(plannerError).orElseThrow();
        String insertsOnly = symptom.insertOnlyForm();
        if (!symptom.sink() && symptom.source()) {
            // Nothing runs before a source: the operator cannot be moved below the updates, only the table or the
            // operator changed (Flink plans a Rank and a regular Join over updates, a window TVF operator not).
            String consumer = symptom.operator();
            String overUpdates = switch (consumer) {
                case "WindowRank", "WindowDeduplicate" -> "; or "
                        + (consumer.equals("WindowRank") ? "rank the table itself without a window (ROW_NUMBER() OVER"
                                + " (PARTITION BY ... ORDER BY ...)" : "deduplicate the table itself without a window"
                                + " (ROW_NUMBER() ... = 1")
                        + " over the table), which Flink plans as a Rank that reads updates, its state bounded by a"
                        + " state TTL";
                case "IntervalJoin" -> "; or, where the updated side is a versioned table (a PRIMARY KEY and a"
                        + " WATERMARK), an event-time temporal join of it (JOIN ... FOR SYSTEM_TIME AS OF the other side's"
                        + " time attribute), which reads its updates and whose state the watermark frees; or a regular"
                        + " join, which reads updates, its state bounded by a state TTL";
                default -> "";
            };
            return "Nothing runs before the source: the " + consumer + " cannot read "
                    + symptom.scannedTable().orElse("this table") + ", whose source emits its"
                    + " rows' updates and deletes (a CDC connector or format, or an upsert source); read the rows from "
                    + ChangelogSources.INSERTS_ONLY
                    + overUpdates + ".";
        }
        if (!symptom.sink()) {
            return "Apply the " + symptom.operator() + " to the insert-only rows"
                    + " before " + symptom.producer() + (insertsOnly.isEmpty() ? "." : "; or " + insertsOnly + ".");
        }
        if (symptom.kind().equals("GroupWindowAggregate") && !insertsOnly.isEmpty()) {
            // The updates are the firing's, which the session turned on: turning it off is the fix that changes
            // nothing else; a sink keyed by the window and the group keys takes the updates as they are.
            String groupBy = symptom.parameter("groupBy");
            return insertsOnly + "; or write into a sink that takes updates: a table with a PRIMARY KEY on the window's"
                    + " start (or end)" + (groupBy.isBlank() ? "" : " and " + groupBy) + " NOT ENFORCED, for Kafka the"
                    + " upsert-kafka connector in place of kafka.";
        }
        List<String> key = symptom.key(context);
        String selected = symptom.rankNumberUnselected(key) ? ", the row number " + key.get(key.size() - 1)
                + " selected into it" : "";
        String sink = "Write into a sink that takes updates and deletes: a table with a PRIMARY KEY"
                + (key.isEmpty() ? " on the columns that identify a result row" : " (" + String.join(", ", key) + ") NOT ENFORCED" + selected) + ", for Kafka the upsert-kafka"
                + " connector in place of kafka (an append-only connector such as kafka or filesystem cannot take a row"
                + " back)";
        return sink + (insertsOnly.isEmpty() ? "." : "; or " + insertsOnly + ".");
    }

    /**
     * Flink's message read: who asked for inserts only ({@code Table sink 'db.t'} or {@code
     * StreamPhysicalOverAggregate}), the change kinds, and the producing node's name and parameters.
     */
    record Symptom(String requester, String kinds, String node, Map<String, String> parameters) {

        static Optional<Symptom> of(String message) {
            int consuming = message.indexOf(CONSUMING);
            int produced = message.indexOf(PRODUCED);
            if (consuming < 0 || produced < consuming) {
                return Optional.empty();
            }
            String requester = message.substring(0, consuming).strip();
            String described = message.substring(produced + PRODUCED.length()).strip();
            int open = described.indexOf('(');
            String node = open < 0 ? described : described.substring(0, open);
            Map<String, String> parameters = new LinkedHashMap<>();
            Matcher m = PARAMETER.matcher(open < 0 ? "" : described.substring(open));
            while (m.find()) {
                parameters.putIfAbsent(m.group(1), m.group(2));
            }
            return Optional.of(new Symptom(requester, message.substring(consuming + CONSUMING.length(), produced).strip(),
                    node, parameters));
        }

        boolean sink() {
            return requester.startsWith("Table sink ");
        }

        /** The updates come from the source itself: a changelog scan, or the ChangelogNormalize of an upsert source. */
        boolean source() {
            return kind().equals("TableSourceScan") || kind().equals("ChangelogNormalize");
        }

        String consumer() {
            return sink() ? "The sink " + requester.substring("Table sink ".length()) : "The " + operator();
        }

        /** The requesting operator as the plan names it: {@code StreamPhysicalWindowRank} is a {@code WindowRank}. */
        String operator() {
            return requester.startsWith("StreamPhysical") ? requester.substring("StreamPhysical".length()) : requester;
        }

        /**
         * The table a changelog scan reads, by its name: Flink describes it as {@code
         * TableSourceScan(table=[[catalog, database, name, abilities...]], ...)}; empty where it names none.
         */
        private Optional<String> scannedTable() {
            String[] path = parameter("table").replaceFirst("^\\[", "").split(",");
            return path.length >= 3 && !path[2].isBlank() ? Optional.of(path[2].strip()) : Optional.empty();
        }

        /** The producing node's kind: each operator of a group aggregation ({@link StatefulOperators#GROUP_AGGREGATES}) is {@code GroupAggregate}. */
        String kind() {
            return StatefulOperators.GROUP_AGGREGATES.contains(node) ? "GroupAggregate" : node;
        }

        String parameter(String name) {
            return parameters.getOrDefault(name, "");
        }

        /** The producing node in words, with its keys. */
        String producer() {
            return switch (kind()) {
                case "Rank" -> timeTopOne() ? "the deduplication (a Top-1" + by("per", parameter("partitionBy"))
                        + " ordered by " + parameter("orderBy").replaceFirst("^(ROWTIME|PROCTIME) ", "") + ": the "
                        + (latest() ? "latest" : "first") + " row)"
                        : "the Top-N (Rank" + by("partitioned by", parameter("partitionBy")) + ")";
                case "GroupAggregate" ->
                        "the aggregation (" + node + by("by", parameter("groupBy")) + ")";
                case "Deduplicate" -> "the deduplication (Deduplicate keeping the " + (lastRow() ? "latest" : "first")
                        + " row" + by("per", parameter("key")) + ")";
                case "Join" -> "the " + joinType() + " (Join)";
                case "ChangelogNormalize" -> "the changelog of the source" + by("keyed by", parameter("key"))
                        + " (ChangelogNormalize)";
                case "TableSourceScan" -> scannedTable().map(t -> "table " + t).orElse("the source")
                        + ", a changelog of updates (TableSourceScan)";
                case "SortLimit", "Limit", "Sort" -> "the ORDER BY ... LIMIT (" + node + ")";
                case "GroupWindowAggregate" -> "the group window aggregation (" + node + by("by", parameter("groupBy"))
                        + emit().map(e -> ", under " + e.firing()).orElse("") + ")";
                default -> "the " + node;
            };
        }

        /**
         * The emit strategy a group window prints ({@code emit=[early delay 60000 millisecond]}), where it makes the
         * window emit updates ({@link GroupWindowEmit}).
         */
        private Optional<GroupWindowEmit> emit() {
            return parameters.containsKey("emit")
                    ? Optional.of(new GroupWindowEmit(parameter("emit").contains("early"), parameter("emit").contains("late"),
                            !parameters.containsKey("properties") || parameter("properties").contains("$rowtime")))
                            .filter(GroupWindowEmit::updates)
                    : Optional.empty();
        }

        /** Why the producer updates or deletes rows. */
        String why() {
            return switch (kind()) {
                case "Rank" -> timeTopOne() && latest() ? "replaces a key's row with every later row"
                        : "replaces a row it emitted when a better one arrives";
                case "SortLimit", "Limit" -> "replaces a row it emitted when a better one arrives";
                case "GroupAggregate" ->
                        "updates a key's result with every row of the key";
                case "Deduplicate" -> lastRow() ? "replaces a key's row with every later row"
                        : "emits updates here (Flink emits a first row as inserts only "
                        + (FlinkLine.current().firstRowOnEventTimeInsertOnly() ? "while mini-batch is off"
                        : "by processing time") + ")";
                case "Join" -> innerOrSemi() ? "passes its inputs' updates and deletes on"
                        : "emits a row with NULLs for an unmatched row and retracts it when its match arrives";
                case "ChangelogNormalize", "TableSourceScan" -> "passes the source's updates and deletes on";
                case "GroupWindowAggregate" -> emit().map(e -> e.early()
                        ? "emits each window's result so far before the window closes and updates it as rows arrive"
                                + " (early firing, '" + GroupWindowEmit.EARLY_FIRE + "')"
                        : "updates a window's result after it fired, for each late row within the allowed lateness (late"
                                + " firing, '" + GroupWindowEmit.LATE_FIRE + "')")
                        .orElse("updates or deletes rows it emitted");
                default -> "updates or deletes rows it emitted";
            };
        }

        /** What the producer becomes to emit inserts only, or empty where nothing does (a changelog source). */
        String insertOnlyForm() {
            return switch (kind()) {
                case "Rank" -> timeTopOne() ? latest() ? firstRowOrWindow() : "" : "rank per window (PARTITION BY window_start, window_end first, over a"
                        + " window TVF such as TABLE(TUMBLE(...))): a window Top-N emits each window's rows once, when the"
                        + " window closes, as inserts";
                case "SortLimit", "Limit" -> "rank per window (PARTITION BY window_start, window_end first, over a"
                        + " window TVF such as TABLE(TUMBLE(...))): a window Top-N emits each window's rows once, when the"
                        + " window closes, as inserts";
                case "GroupAggregate" -> "aggregate per window (GROUP"
                        + " BY window_start, window_end of a window TVF): a window aggregation emits each window's result"
                        + " once, as inserts";
                case "Deduplicate" -> lastRow() ? firstRowOrWindow()
                        : (FlinkLine.current().firstRowOnEventTimeInsertOnly() ? "turn mini-batch off for this statement"
                        : "order it by a PROCTIME() column") + ", or deduplicate per window";
                case "Join" -> innerOrSemi() ? "" : "an inner join, an interval join or a lookup join of insert-only"
                        + " inputs, which emit inserts only";
                case "GroupWindowAggregate" -> emit().map(e -> e.reset() + " before the statement: without "
                        + e.firing() + " the group window emits each window's result once, when the window closes, as an"
                        + " insert; for results during the window, a CUMULATE window TVF (GROUP BY window_start,"
                        + " window_end of TABLE(CUMULATE(...))) with " + (e.options().size() > 1 ? "both options" : "the option")
                        + " reset too (Flink refuses a window TVF aggregation under early or late firing,"
                        + " WindowUtil#checkEmitConfiguration) emits each step's result so far as a new row").orElse("");
                default -> "";
            };
        }

        /** The columns a sink's PRIMARY KEY takes: the producer's key, and a Top-N's row number. */
        List<String> key(AnalysisContext context) {
            List<String> out = new ArrayList<>();
            String keys = switch (kind()) {
                case "Rank" -> parameter("partitionBy");
                case "GroupAggregate" -> parameter("groupBy");
                case "Deduplicate", "ChangelogNormalize" -> parameter("key");
                default -> "";
            };
            for (String column : keys.split(",")) {
                if (!column.isBlank() && !column.contains("$")) {
                    out.add(column.strip());
                }
            }
            // A Top-N's rows are keyed by its partition columns and its row number, a Top-1's by the partition columns
            // alone (FlinkRelMdUniqueKeys for Rank): the row number, where the query selects it, joins the key.
            if (node.equals("Rank") && !out.isEmpty() && !topOne()) {
                RankFunctions.first(context).map(RankFunctions::alias).ifPresent(out::add);
            }
            return out;
        }

        /**
         * True when {@code key} ends with a Top-N's row number that the Rank does not output: Flink's description
         * lists its output in {@code select=[...]}, the row number by the query's name or as {@code w0$o0}.
         */
        boolean rankNumberUnselected(List<String> key) {
            if (!node.equals("Rank") || topOne() || key.isEmpty()) {
                return false;
            }
            String alias = key.get(key.size() - 1);
            return java.util.Arrays.stream(parameter("select").split(",")).map(String::strip)
                    .noneMatch(c -> c.equals(alias) || c.matches("w\\d+\\$o\\d+"));
        }

        /** A Top-1: {@code rankRange=[rankStart=1, rankEnd=1]}. */
        private boolean topOne() {
            return parameter("rankRange").replace(" ", "").equals("rankStart=1,rankEnd=1");
        }

        /**
         * A Top-1 ordered by a time attribute, a deduplication (Flink's description of a Rank before it
         * becomes a {@code Deduplicate} writes the attribute's kind in its order: {@code orderBy=[ROWTIME ts DESC]}).
         */
        private boolean timeTopOne() {
            return topOne() && (parameter("orderBy").startsWith("ROWTIME ") || parameter("orderBy").startsWith("PROCTIME "));
        }

        private boolean latest() {
            return parameter("orderBy").endsWith(" DESC") || lastRow();
        }

        private boolean innerOrSemi() {
            return parameter("joinType").equals("InnerJoin") || parameter("joinType").equals("SemiJoin");
        }

        private boolean lastRow() {
            return parameter("keep").equals("LastRow");
        }

        private String joinType() {
            return switch (parameter("joinType")) {
                case "LeftOuterJoin" -> "LEFT OUTER JOIN";
                case "RightOuterJoin" -> "RIGHT OUTER JOIN";
                case "FullOuterJoin" -> "FULL OUTER JOIN";
                case "AntiJoin" -> "NOT EXISTS / NOT IN (an anti join)";
                default -> "join";
            };
        }

        private static String by(String word, String keys) {
            return keys.isBlank() ? "" : " " + word + " " + keys;
        }
    }
}
