package io.github.sqlguard.statement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A statement as the guard sees it after Flink's parser chain read it ({@link StatementParser}):
 * one of six shapes, each with only what that shape has.
 *
 * <ul>
 *   <li>{@link Configure}: {@code SET}/{@code RESET}, with the key and value as Flink's parsers read
 *       them;
 *   <li>{@link Planned}: a statement the guard plans before it runs (query, INSERT, statement set,
 *       {@code CREATE/REPLACE TABLE AS}, {@code COMPILE PLAN ... FOR}, a materialized table's
 *       query), with the text it plans;
 *   <li>{@link Explain}: an {@code EXPLAIN}, with the statement it explains;
 *   <li>{@link StatementSetControl}: {@code BEGIN STATEMENT SET} and {@code END};
 *   <li>{@link Other}: everything else Flink runs (DDL, {@code SHOW}, {@code USE}, jars, ...);
 *   <li>{@link Unparsable}: text Flink's parsers reject, with Flink's message;
 *   <li>{@link Unread}: text the guard could not read for a reason of its own (nested deeper than
 *       the parser's stack allows, larger than {@code sql-guard.max-statement-bytes}), with why.
 * </ul>
 *
 * <p>Every shape answers the accessors the rules read ({@link #text()}, {@link #kind()}, {@link
 * #stateTtlHints()}, {@link #tableOptions()}, {@link #rankFunctionAliases()} of {@link ParsedSql},
 * {@link #setKey()}, {@link #setValue()}).
 */
public sealed interface ParsedStatement extends ParsedSql
        permits ParsedStatement.Configure,
                ParsedStatement.Planned,
                ParsedStatement.Explain,
                ParsedStatement.StatementSetControl,
                ParsedStatement.Other,
                ParsedStatement.StopJob,
                ParsedStatement.Unparsable,
                ParsedStatement.Unread {

    /** What the statement does. */
    StatementKind kind();

    /**
     * The text the guard plans for this statement: a {@link Planned} statement's body, an {@link
     * Explain}'s explained statement; empty for anything the guard does not plan.
     */
    default Optional<String> plannedBody() {
        return Optional.empty();
    }

    /** Convenience for rules and tests: a {@code SET}/{@code RESET} key, else {@code null}. */
    default String setKey() {
        return this instanceof Configure c ? c.key().orElse(null) : null;
    }

    /** Convenience for rules and tests: a {@code SET} value, else {@code null}. */
    default String setValue() {
        return this instanceof Configure c ? c.value().orElse(null) : null;
    }

    /**
     * {@code SET 'key' = 'value'}, {@code RESET 'key'}, or the bare {@code SET}/{@code RESET}.
     *
     * <p>The key and value are kept as Flink applies them to the session, which is not quite as its
     * parsers read them: Flink's gateway trims both with {@link String#trim()} before it sets or
     * resets the key ({@code OperationExecutor#callSetOperation} and {@code #callResetOperation},
     * the same in 1.20.0 and 2.3.0: {@code sessionContext.set(key.trim(), value.trim())}). So
     * {@code SET 'table.exec.state.ttl ' = '24'} sets {@code table.exec.state.ttl} to {@code 24}, and
     * so does a key padded with a tab, a line break, {@code \0} or {@code \x07}: {@code trim()}
     * removes every character up to U+0020, control characters included ({@code strip()} would keep
     * {@code \0}).
     *
     * @param kind {@link StatementKind#SET} or {@link StatementKind#RESET}
     * @param key the key (unquoted) as Flink applies it; empty for a bare {@code SET}/{@code RESET}
     * @param value a {@code SET}'s value (unquoted) as Flink applies it; empty for a {@code RESET}
     *     or a bare {@code SET}
     */
    record Configure(String text, StatementKind kind, Optional<String> key, Optional<String> value, SqlFacts facts)
            implements ParsedStatement {
        public Configure {
            Objects.requireNonNull(text);
            if (kind != StatementKind.SET && kind != StatementKind.RESET) {
                throw new IllegalArgumentException("A configure statement is a SET or a RESET, not " + kind);
            }
            key = key.map(String::trim);
            value = value.map(String::trim);
        }
    }

    /**
     * A statement the guard plans in the user's session before it runs.
     *
     * @param kind {@code QUERY}, {@code INSERT}, {@code STATEMENT_SET}, {@code CREATE_TABLE_AS},
     *     {@code PLAN} ({@code COMPILE [AND EXECUTE] PLAN ... FOR}) or {@code MATERIALIZED_TABLE}
     * @param body the text to plan: the statement without its trailing {@code ;} (a leading {@code
     *     EXECUTE} kept: the session's parser reads it), the statement after {@code FOR}, or a
     *     materialized table's defining query
     * @param tree the tree Flink's SQL parser read from {@code text} (the whole statement, not {@code body}); empty
     *     where the session's parser chain read it ({@link StatementParser#reparse}) or it is the statement an {@link
     *     Explain} explains (a part of the EXPLAIN's text: that tree is the EXPLAIN's)
     */
    record Planned(String text, StatementKind kind, String body, SqlFacts facts, Optional<ParsedTree> tree)
            implements ParsedStatement {
        public Planned {
            Objects.requireNonNull(text);
            Objects.requireNonNull(body);
            Objects.requireNonNull(tree);
        }

        /** A statement whose tree is not kept: read by the session's parser chain, not Flink's SQL parser. */
        public Planned(String text, StatementKind kind, String body, SqlFacts facts) {
            this(text, kind, body, facts, Optional.empty());
        }

        @Override
        public Optional<String> plannedBody() {
            return Optional.of(body);
        }
    }

    /**
     * {@code EXPLAIN ...} in any of Flink's forms: plans, never runs.
     *
     * @param explained the statement it explains, as written; empty when the guard cannot find it
     * @param facts what the parser found in the whole {@code EXPLAIN}, the explained statement included
     * @param tree the tree Flink's SQL parser read from {@code text}; empty where the session's parser chain read it
     */
    record Explain(String text, Optional<Planned> explained, SqlFacts facts, Optional<ParsedTree> tree)
            implements ParsedStatement {

        public Explain {
            Objects.requireNonNull(tree);
        }

        /** An {@code EXPLAIN} whose tree is not kept: read by the session's parser chain. */
        public Explain(String text, Optional<Planned> explained, SqlFacts facts) {
            this(text, explained, facts, Optional.empty());
        }

        @Override
        public StatementKind kind() {
            return StatementKind.EXPLAIN;
        }

        @Override
        public Optional<String> plannedBody() {
            return explained.map(Planned::body);
        }
    }

    /** {@code BEGIN STATEMENT SET} ({@code begin}) or {@code END}, of a set sent statement by statement. */
    record StatementSetControl(String text, boolean begin) implements ParsedStatement {
        @Override
        public StatementKind kind() {
            return begin ? StatementKind.BEGIN_STATEMENT_SET : StatementKind.END_STATEMENT_SET;
        }

        @Override
        public SqlFacts facts() {
            return SqlFacts.NONE;
        }
    }

    /**
     * A statement the guard decides on from its text and the session's configuration alone: DDL,
     * {@code SHOW}, {@code USE}, jars, modules; also {@code EXECUTE PLAN 'file'} and a materialized
     * table whose query the guard cannot find ({@code PLAN}, {@code MATERIALIZED_TABLE}: the guard
     * cannot analyse them).
     */
    record Other(String text, StatementKind kind, SqlFacts facts) implements ParsedStatement {}

    /**
     * {@code STOP JOB '<id>' [WITH SAVEPOINT] [WITH DRAIN]}, as Flink's {@code SqlStopJob} reads it: the job it stops.
     * With a savepoint, Flink's gateway answers with one row, the savepoint's path ({@code
     * OperationExecutor#callStopJobOperation}, column {@code savepoint path}, 1.20 and 2.3), which the audit records
     * ({@code jobStopped}).
     *
     * @param jobId the id of the job it stops, as written (Flink reads it as a {@code JobID} in hex)
     * @param withSavepoint whether Flink takes a savepoint of the job as it stops it
     */
    record StopJob(String text, String jobId, boolean withSavepoint, SqlFacts facts) implements ParsedStatement {
        @Override
        public StatementKind kind() {
            return StatementKind.STOP_JOB;
        }
    }

    /**
     * Text Flink's parsers reject.
     *
     * @param message Flink's parser message (up to its list of expected tokens)
     * @param flinkError the exception of Flink's own parser ({@code ParserImpl}, or its extended
     *     parser), when the guard asked it
     */
    record Unparsable(String text, String message, Optional<Throwable> flinkError) implements ParsedStatement {
        @Override
        public StatementKind kind() {
            return StatementKind.UNPARSABLE;
        }

        @Override
        public SqlFacts facts() {
            return SqlFacts.NONE;
        }
    }

    /**
     * Text the guard could not read with Flink's parsers for a reason of its own, not Flink's: it is
     * nested deeper than the parser's stack allows (Flink's JavaCC parser recurses per nesting
     * level), or it is larger than {@code sql-guard.max-statement-bytes}. Not analysed: {@code
     * sql-guard.fail-mode} decides, or the size limit refuses it.
     *
     * @param reason why, for the client and the audit
     * @param overLimit true when the statement exceeds a limit of the policy ({@code
     *     sql-guard.max-statement-bytes}): refused whatever {@code sql-guard.fail-mode} says
     */
    record Unread(String text, String reason, boolean overLimit) implements ParsedStatement {
        @Override
        public StatementKind kind() {
            return StatementKind.UNREAD;
        }

        @Override
        public SqlFacts facts() {
            return SqlFacts.NONE;
        }
    }

    /**
     * What Flink's SQL parser found in a statement's tree.
     *
     * @param stateTtlHints every {@code STATE_TTL} hint option
     * @param tableOptions every option of a {@code WITH (...)} clause or {@code OPTIONS} hint
     * @param rankFunctionAliases aliases given to {@code ROW_NUMBER()}, {@code RANK()} and {@code
     *     DENSE_RANK()} calls
     * @param tableReferences the tables and views the statement reads, as it names them ({@code FROM}
     *     and {@code JOIN} items, {@code TABLE t} arguments of table functions), each with its alias
     * @param rankFunctions the {@code ROW_NUMBER()}, {@code RANK()} and {@code DENSE_RANK()} calls
     *     with an {@code OVER} window, as written
     * @param jars the jars the statement loads, each as an option {@code jar} = its location with
     *     source {@code ADD JAR} (Flink's {@code SqlAddJar#getPath}) or {@code USING JAR} (a resource
     *     of {@code CREATE FUNCTION}/{@code ALTER FUNCTION}, Flink's {@code SqlResource})
     * @param functionClasses the classes of the functions the statement creates or alters, each as
     *     an option {@code class} = class name ({@code SqlCreateFunction#getFunctionClassName}) with
     *     source {@code CREATE FUNCTION} or {@code ALTER FUNCTION}, any {@code LANGUAGE}
     * @param planFiles the compiled plan file a {@code COMPILE PLAN}, {@code COMPILE AND EXECUTE
     *     PLAN} or {@code EXECUTE PLAN} names, as an option {@code plan} = the file as Flink's parser
     *     reads it ({@code getPlanFile()}) with that statement's keywords as source ({@link
     *     PlanFile#source})
     * @param supersededTtlHints the {@code STATE_TTL} hint options Flink drops because another
     *     option for the same input of the same query block wins ({@link SupersededHint})
     * @param unmatchedTtlHints the {@code STATE_TTL} hint options whose key names no input of their query
     *     block ({@link UnmatchedHint}), as the statement's text tells without planning it
     * @param lateralLimits the {@code LATERAL} subqueries that keep their first rows ({@code ORDER BY
     *     ... LIMIT n}), as written ({@link LateralLimit})
     * @param stringLiterals the character string literals the walk meets outside the options above
     *     (a {@code WHERE} comparison's, a function argument's) whose value holds a {@code =} or a
     *     {@code :}, as every secret's shape does, each as {@code literal} = its value as
     *     Flink's parser reads it ({@code U&'...'} decoded, a literal continued on the next line
     *     joined), with its span: what the redactor masks where the value carries a secret
     * @param withItemNames the names of the statement's {@code WITH} items ({@code ranked} of {@code WITH ranked AS
     *     (...)}), which a {@code FROM} item may name as it names a table or view
     * @param orderBys the items of each {@code ORDER BY} of a query (not of an {@code OVER} window), as SQL Flink's
     *     parser reads back (a name that needs them in back-ticks: {@code `order` DESC}), with {@code DESC} where
     *     given, in the order the walk meets them (outer queries first)
     * @param joinTypes the type of each join the statement writes ({@code INNER}, {@code LEFT}, {@code RIGHT},
     *     {@code FULL}, {@code COMMA}, {@code CROSS}: Calcite's {@code JoinType}), in the order the walk meets them;
     *     not the joins of the views it reads
     * @param overOrders the first {@code ORDER BY} item of each {@code OVER} window (or named {@code WINDOW}) of the
     *     statement, as written, without {@code ASC}/{@code DESC}, in the order the walk meets them
     * @param unorderedOvers each function call over an {@code OVER} window written with no {@code ORDER BY} (and not
     *     naming a {@code WINDOW}), as SQL Flink's parser reads back: {@code COUNT(a) OVER (PARTITION BY c)}, in the
     *     order the walk meets them
     * @param groupings each query block with a {@code GROUP BY} ({@link Grouping})
     * @param matchRecognizes each {@code MATCH_RECOGNIZE} of the statement ({@link MatchRecognize}), in the order the
     *     walk meets them
     * @param aggregateAliases each select item's alias whose expression is an aggregate call ({@code c} of {@code
     *     COUNT(*) AS c}; {@link AggregateCalls}), with that call as SQL, in the order the walk meets them: a column
     *     no time attribute can be
     * @param setOperations each set operation the statement writes, as its operator is named ({@code UNION},
     *     {@code UNION ALL}, {@code INTERSECT}, {@code INTERSECT ALL}, {@code EXCEPT}, {@code EXCEPT ALL}), in the order
     *     the walk meets them; not those of the views it reads. Flink plans an {@code INTERSECT} as a SEMI join and an
     *     {@code EXCEPT} as an ANTI join, each under an aggregation that removes duplicates ({@code
     *     ReplaceIntersectWithSemiJoinRule}, {@code ReplaceMinusWithAntiJoinRule})
     * @param subqueryPredicates the kind of each predicate over a subquery the statement writes ({@code IN}, {@code
     *     NOT_IN}, {@code EXISTS}, {@code SOME}, {@code ALL}: Calcite's {@code SqlKind}), in the order the walk meets
     *     them: what Flink plans as SEMI and ANTI joins besides {@code INTERSECT} and {@code EXCEPT}
     * @param existsAggregateTables the tables (their last name, and their alias where written) read by the FROM of each SELECT that aggregates and is an
     *     {@code EXISTS} (or {@code NOT EXISTS}) subquery, correlated or not: Flink drops a {@code STATE_TTL} hint written
     *     on that SELECT (its compiled plan keeps a TTL of 0 for the aggregation; asked of Flink 2.3.0 and 1.20.0: case
     *     874), while it keeps one on a correlated {@code IN} or scalar subquery's SELECT (cases 875, 876) and on an
     *     uncorrelated {@code IN}'s
     * @param existsAggregateHints the {@code STATE_TTL} hint options written on such a SELECT itself (not on a SELECT
     *     nested in it, whose hint Flink keeps), each as {@link #stateTtlHints} holds it: the hints Flink drops there
     * @param distinct true where the statement writes a {@code SELECT DISTINCT} or an aggregate call with {@code
     *     DISTINCT} ({@code COUNT(DISTINCT user_id)}), read from its tree (not from words of its text, comments and
     *     string literals among them)
     * @param subqueryAggregateReads the tables (their last name, and their alias where written) read through a
     *     subquery by a SELECT that aggregates with that subquery as its FROM, each to that subquery's alias (empty
     *     where it has none): a {@code STATE_TTL} hint on the aggregating SELECT names the subquery, not the table
     *     (Flink refuses a hint key that is not an input of its query block)
     * @param joinConditions what each join of {@link #joinTypes} is on, in the same order, as the statement writes it
     *     (read back by Flink's parser, back-ticks removed): its {@code ON} condition ({@code o.id = p.order_id}), its
     *     {@code USING (id)}, or for a comma or {@code CROSS} join the equalities of two columns in its SELECT's {@code
     *     WHERE} ({@code T.sum_votes = award.votes}); empty where it has none
     * @param watermarks the {@code WATERMARK} a {@code CREATE TABLE} declares ({@link Watermark}); empty for any other
     *     statement
     */
    record SqlFacts(
            List<SqlOption> stateTtlHints,
            List<SqlOption> tableOptions,
            List<String> rankFunctionAliases,
            List<TableReference> tableReferences,
            List<RankFunction> rankFunctions,
            List<SqlOption> jars,
            List<SqlOption> functionClasses,
            List<SqlOption> planFiles,
            List<SupersededHint> supersededTtlHints,
            List<UnmatchedHint> unmatchedTtlHints,
            List<LateralLimit> lateralLimits,
            List<SqlOption> stringLiterals,
            List<String> withItemNames,
            List<List<String>> orderBys,
            List<String> joinTypes,
            List<String> overOrders,
            List<String> unorderedOvers,
            List<Grouping> groupings,
            List<MatchRecognize> matchRecognizes,
            Map<String, String> aggregateAliases,
            List<String> setOperations,
            List<String> subqueryPredicates,
            List<String> existsAggregateTables,
            List<SqlOption> existsAggregateHints,
            boolean distinct,
            Map<String, String> subqueryAggregateReads,
            List<String> joinConditions,
            List<Watermark> watermarks) {

        /** Nothing found (a statement read without Flink's SQL parser). */
        public static final SqlFacts NONE = new SqlFacts(
                List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(),
                List.of(), false, Map.of(), List.of(), List.of());

        public SqlFacts {
            stateTtlHints = List.copyOf(stateTtlHints);
            tableOptions = List.copyOf(tableOptions);
            rankFunctionAliases = List.copyOf(rankFunctionAliases);
            tableReferences = List.copyOf(tableReferences);
            rankFunctions = List.copyOf(rankFunctions);
            jars = List.copyOf(jars);
            functionClasses = List.copyOf(functionClasses);
            planFiles = List.copyOf(planFiles);
            supersededTtlHints = List.copyOf(supersededTtlHints);
            unmatchedTtlHints = List.copyOf(unmatchedTtlHints);
            lateralLimits = List.copyOf(lateralLimits);
            stringLiterals = List.copyOf(stringLiterals);
            withItemNames = List.copyOf(withItemNames);
            orderBys = copyOfEach(orderBys);
            joinTypes = List.copyOf(joinTypes);
            overOrders = List.copyOf(overOrders);
            unorderedOvers = List.copyOf(unorderedOvers);
            groupings = List.copyOf(groupings);
            matchRecognizes = List.copyOf(matchRecognizes);
            aggregateAliases = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(aggregateAliases));
            setOperations = List.copyOf(setOperations);
            subqueryPredicates = List.copyOf(subqueryPredicates);
            existsAggregateTables = List.copyOf(existsAggregateTables);
            existsAggregateHints = List.copyOf(existsAggregateHints);
            subqueryAggregateReads = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(subqueryAggregateReads));
            joinConditions = List.copyOf(joinConditions);
            watermarks = List.copyOf(watermarks);
        }

        /**
         * {@code lists}, each copied ({@code List.copyOf}); with a loop, not a stream: the facts of every statement are
         * made on the REST I/O thread that read it, and a stream's pipeline over a statement's no {@code ORDER BY} was
         * about a third of the facts' CPU samples on a cheap statement (bench/results/2026-12-05-cheap-r54.md).
         */
        private static List<List<String>> copyOfEach(List<List<String>> lists) {
            if (lists.isEmpty()) {
                return List.of();
            }
            List<List<String>> copies = new ArrayList<>(lists.size());
            for (List<String> list : lists) {
                copies.add(List.copyOf(list));
            }
            return List.copyOf(copies);
        }

        /** These facts with {@code functionClasses} in place of the statement's own. */
        public SqlFacts withFunctionClasses(List<SqlOption> functionClasses) {
            return new SqlFacts(stateTtlHints, tableOptions, rankFunctionAliases, tableReferences, rankFunctions, jars,
                    functionClasses, planFiles, supersededTtlHints, unmatchedTtlHints, lateralLimits, stringLiterals, withItemNames,
                    orderBys, joinTypes, overOrders, unorderedOvers, groupings, matchRecognizes, aggregateAliases, setOperations,
                    subqueryPredicates, existsAggregateTables, existsAggregateHints, distinct, subqueryAggregateReads,
                    joinConditions, watermarks);
        }

        /** Facts without table references, rank functions, jars and function classes. */
        public SqlFacts(List<SqlOption> stateTtlHints, List<SqlOption> tableOptions, List<String> rankFunctionAliases) {
            this(stateTtlHints, tableOptions, rankFunctionAliases, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                    List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), Map.of(), List.of(),
                    List.of(), List.of(), List.of(), false, Map.of(), List.of(), List.of());
        }
    }

    /**
     * A {@code MATCH_RECOGNIZE} as the statement writes it. Flink's plan prints no {@code WITHIN} ({@code
     * CommonPhysicalMatch#explainTerms}), so whether a match is bounded in time is read here.
     *
     * @param partitionBy its {@code PARTITION BY} items as written; empty without one
     * @param pattern its {@code PATTERN} as written ({@code A+ B})
     * @param within its {@code WITHIN} interval as written ({@code INTERVAL '10' MINUTE}); empty without one
     * @param unbounded the pattern's quantified variables with no upper bound, as written ({@code A+}, {@code B*},
     *     {@code DOWN{2,}}): Flink's {@code CommonExecMatch#applyQuantifier} makes them {@code oneOrMore()} or {@code
     *     timesOrMore(n)}, {@code consecutive()}, so a partial match takes every row that satisfies them in a row
     * @param undefined the variables of those quantifiers that have no {@code DEFINE}, which every row satisfies
     *     (Flink's docs, "Pattern Recognition": a variable not defined in {@code DEFINE} evaluates to true)
     */
    record MatchRecognize(
            List<String> partitionBy, String pattern, Optional<String> within, List<String> unbounded,
            List<String> undefined) {
        public MatchRecognize {
            partitionBy = List.copyOf(partitionBy);
            unbounded = List.copyOf(unbounded);
            undefined = List.copyOf(undefined);
        }
    }

    /**
     * A query block with a {@code GROUP BY}: its keys are the upsert key of the aggregation Flink plans for it, and a
     * key column the block does not select is dropped from the rows it emits, which then reach a sink with no upsert
     * key (Flink's {@code AggregateTest#testGroupResultLostUpsertKeyWithSinkPk}: {@code SELECT c, COUNT(*) ... GROUP BY
     * a, c}).
     *
     * @param groupBy the {@code GROUP BY} items: a column as SQL (a name that needs them in back-ticks) without its
     *     qualifier, an expression or a group window ({@code TUMBLE(ts, INTERVAL '30' SECOND)}) as SQL without
     *     back-ticks; empty where one of them is {@code GROUPING SETS}, {@code ROLLUP} or {@code CUBE}
     * @param selected the columns the block selects as they are, each as the {@code GROUP BY} would name it (without
     *     its qualifier), whatever alias it is given, its expressions as SQL, and each group window one of whose
     *     properties ({@code TUMBLE_START}, {@code TUMBLE_END}, ...: {@link GroupWindows}) it selects
     * @param expressions the block's select items that are expressions over a {@code GROUP BY} column it does not
     *     select as it is ({@code UPPER(name)} of {@code SELECT UPPER(name) ... GROUP BY name}), as SQL without their
     *     alias, in select order: Flink keeps a key through a projection only where its columns are selected as they
     *     are, renamed, or cast to a type that keeps every value apart ({@code FlinkRelMdUniqueKeys
     *     #getProjectUniqueKeys}), since it cannot know whether a function keeps distinct values apart
     * @param windows the {@code GROUP BY} items that are group windows
     * @param from the one table the block reads as it is ({@code FROM orders}, {@code FROM orders AS o}): the input a
     *     {@code STATE_TTL} hint on the block names for its aggregation ({@link TableReference#hintName}); empty where
     *     it reads anything else (a join, a subquery, a table function)
     * @param subquery the alias of the subquery the block reads as its {@code FROM} ({@code FROM (SELECT ... FROM orders
     *     a JOIN orders b ...) AS j}): the input a {@code STATE_TTL} hint on the block names for its aggregation, whatever
     *     the subquery reads (Flink 2.3.0 {@code QueryHintsResolver#extractAliasOrTableName} reads the subquery's {@code
     *     ALIAS} hint); empty where the block reads anything else, or a subquery without an alias
     * @param aliases the alias each {@code GROUP BY} item the block selects under one is given, by the item as {@link
     *     #groupBy} names it ({@code DATE_FORMAT(ts, 'yyyy-MM-dd')} to {@code log_date} of {@code SELECT DATE_FORMAT(ts,
     *     'yyyy-MM-dd') AS log_date ... GROUP BY DATE_FORMAT(ts, 'yyyy-MM-dd')}): the name the statement gives it, and
     *     so the column a fix names
     */
    record Grouping(List<String> groupBy, List<String> selected, List<String> expressions, List<GroupWindow> windows,
            Optional<TableReference> from, Optional<String> subquery, Map<String, String> aliases) {
        public Grouping {
            groupBy = List.copyOf(groupBy);
            selected = List.copyOf(selected);
            expressions = List.copyOf(expressions);
            windows = List.copyOf(windows);
            Objects.requireNonNull(from);
            Objects.requireNonNull(subquery);
            aliases = Map.copyOf(aliases);
        }

        /** A block none of whose {@code GROUP BY} items is selected under an alias ({@link #aliases} empty). */
        public Grouping(List<String> groupBy, List<String> selected, List<String> expressions, List<GroupWindow> windows,
                Optional<TableReference> from, Optional<String> subquery) {
            this(groupBy, selected, expressions, windows, from, subquery, Map.of());
        }

        /** The name the statement gives the {@code GROUP BY} item {@code key}: its alias, else the item as written. */
        public String named(String key) {
            return aliases.getOrDefault(key, key);
        }

        /** A block that reads no subquery ({@link #subquery} empty). */
        public Grouping(List<String> groupBy, List<String> selected, List<String> expressions, List<GroupWindow> windows,
                Optional<TableReference> from) {
            this(groupBy, selected, expressions, windows, from, Optional.empty());
        }

        /** A block whose {@code FROM} is not read ({@link #from} empty). */
        public Grouping(List<String> groupBy, List<String> selected, List<String> expressions, List<GroupWindow> windows) {
            this(groupBy, selected, expressions, windows, Optional.empty());
        }

        /** The {@code GROUP BY} columns the block does not select, in {@code GROUP BY} order. */
        public List<String> dropped() {
            return groupBy.stream().filter(k -> !selected.contains(k)).toList();
        }

        /** The group windows none of whose properties the block selects: each window's rows share the other keys. */
        public List<GroupWindow> droppedWindows() {
            return windows.stream().filter(w -> !selected.contains(w.written())).toList();
        }
    }

    /**
     * A legacy group window of a {@code GROUP BY} ({@link GroupWindows}).
     *
     * @param written the window as {@link Grouping#groupBy} names it ({@code TUMBLE(ts, INTERVAL '30' SECOND)})
     * @param start the call that selects its start ({@code TUMBLE_START(ts, INTERVAL '30' SECOND)})
     * @param tvf the window TVF of the same window over the table the block reads ({@code TUMBLE(TABLE t,
     *     DESCRIPTOR(ts), INTERVAL '30' SECOND)}); empty where the block reads no one table, the time is an expression or the window is a {@code SESSION}
     */
    record GroupWindow(String written, String start, Optional<String> tvf) {}

    /**
     * A {@code LATERAL} subquery that keeps its first rows, as the statement writes it: {@code
     * LATERAL (SELECT product, sold FROM counts WHERE counts.shop = s.shop ORDER BY sold DESC LIMIT
     * 3)}. Flink plans it as a {@code Rank} when it can decorrelate it.
     *
     * @param from the one name the subquery reads; empty when that is not one name
     * @param keys the subquery's own columns it equates to a column of another {@code FROM} item
     *     ({@code shop} of {@code counts.shop = s.shop}), as written without their qualifier
     * @param orderBy the {@code ORDER BY} items as written, with {@code DESC} where given
     * @param limit the {@code LIMIT} (or {@code FETCH}) as written
     * @param otherConditions the subquery's {@code WHERE} conjuncts that are not those equalities
     */
    record LateralLimit(
            String from, List<String> keys, List<String> orderBy, String limit, List<String> otherConditions) {
        public LateralLimit {
            keys = List.copyOf(keys);
            orderBy = List.copyOf(orderBy);
            otherConditions = List.copyOf(otherConditions);
        }
    }

    /**
     * A rank function over a window, as the statement writes it: {@code ROW_NUMBER() OVER
     * (PARTITION BY user_id ORDER BY amount DESC) AS rn} in {@code SELECT ... FROM orders}.
     *
     * @param function {@code ROW_NUMBER}, {@code RANK} or {@code DENSE_RANK}
     * @param alias its alias; empty without one
     * @param partitionBy the window's {@code PARTITION BY} items as written
     * @param orderBy the window's {@code ORDER BY} items as written, with {@code DESC} where given
     * @param from the name its {@code SELECT} reads from (a table, a view or an alias); empty when
     *     that is not one name (a join, a subquery)
     * @param topN the largest rank the query reading it keeps ({@code rn <= 3}: 3, {@code rn = 1}: 1,
     *     {@link RankBounds}); empty without such a bound, where Flink plans no {@code Rank} but an
     *     {@code OverAggregate} numbering every row
     * @param orderTiesWholePartition every row of a partition ties in its {@code ORDER BY} ({@link
     *     RankOrders#tiesWholePartition}: {@code ORDER BY a} within {@code PARTITION BY a})
     */
    record RankFunction(
            String function, String alias, List<String> partitionBy, List<String> orderBy, String from, OptionalLong topN,
            boolean orderTiesWholePartition) {
        public RankFunction {
            partitionBy = List.copyOf(partitionBy);
            orderBy = List.copyOf(orderBy);
        }

        /**
         * The window as SQL, with {@code order} in place of its {@code ORDER BY} when given: {@code
         * OVER (PARTITION BY user_id ORDER BY amount DESC)}.
         */
        public String over(List<String> order) {
            StringBuilder out = new StringBuilder("OVER (");
            if (!partitionBy.isEmpty()) {
                out.append("PARTITION BY ").append(String.join(", ", partitionBy));
            }
            if (!order.isEmpty()) {
                out.append(partitionBy.isEmpty() ? "" : " ").append("ORDER BY ").append(String.join(", ", order));
            }
            return out.append(')').toString();
        }
    }

    /**
     * A table or view a statement reads, as the statement names it.
     *
     * @param names the identifier's parts as written: {@code [orders]}, {@code [cat, db, orders]}
     * @param alias its alias ({@code FROM orders AS o}); empty without one
     * @param function where it is read as the {@code TABLE t} argument of a table function ({@code
     *     TABLE(TUMBLE(TABLE orders, ...)) AS w}), that function's alias ({@code w}; empty without one);
     *     absent for a table read directly
     * @param asOf where it is read {@code FOR SYSTEM_TIME AS OF} a time (a temporal or lookup join), that
     *     time as written ({@code o.order_time}); absent otherwise
     * @param lookupKeys where it is read {@code FOR SYSTEM_TIME AS OF} on a join's right, the columns of it that
     *     join's condition equates with a column of another input ({@link LookupKeys}); empty otherwise
     * @param functionName where it is read as the {@code TABLE t} argument of a table function, that function's name
     *     as Flink's parser reads it, in upper case ({@code TUMBLE}, {@code HOP}, {@code CUMULATE}, {@code SESSION}
     *     for a windowing TVF); absent for a table read directly
     * @param lookupConstants where it is read {@code FOR SYSTEM_TIME AS OF} on a join's right, the columns of it that
     *     join's condition equates with a literal ({@link LookupKeys#constantsOfJoin}); empty otherwise
     */
    record TableReference(List<String> names, String alias, Optional<String> function, Optional<String> asOf,
            List<String> lookupKeys, Optional<String> functionName, List<String> lookupConstants) {
        public TableReference {
            names = List.copyOf(names);
            Objects.requireNonNull(function);
            Objects.requireNonNull(asOf);
            lookupKeys = List.copyOf(lookupKeys);
            Objects.requireNonNull(functionName);
            lookupConstants = List.copyOf(lookupConstants);
        }

        /** Not read through a table function whose name is known, nor looked up by a constant. */
        public TableReference(List<String> names, String alias, Optional<String> function, Optional<String> asOf,
                List<String> lookupKeys) {
            this(names, alias, function, asOf, lookupKeys, Optional.empty(), List.of());
        }

        /** Without lookup keys. */
        public TableReference(List<String> names, String alias, Optional<String> function, Optional<String> asOf) {
            this(names, alias, function, asOf, List.of());
        }

        /** A table read as it is, not as of a time. */
        public TableReference(List<String> names, String alias, Optional<String> function) {
            this(names, alias, function, Optional.empty());
        }

        /** A table read directly, not through a table function. */
        public TableReference(List<String> names, String alias) {
            this(names, alias, Optional.empty());
        }

        /** The table's own name, the identifier's last part. */
        public String name() {
            return names.get(names.size() - 1);
        }

        /**
         * How a hint names this input in its query block: the alias, or the table's name without one; for a
         * table read through a table function, the function's alias, empty without one (a STATE_TTL hint naming
         * the table inside {@code TABLE(HOP(TABLE clicks, ...)) AS w} is not an input of the block and Flink
         * rejects it; naming {@code w} plans, both checked on 2.3.0 through the guard's planner).
         */
        public String hintName() {
            if (function.isPresent()) {
                return function.get();
            }
            return alias.isEmpty() ? name() : alias;
        }
    }

    /**
     * A {@code WATERMARK FOR column AS strategy} of a {@code CREATE TABLE}, read by Flink's SQL parser ({@code
     * org.apache.flink.sql.parser.ddl.SqlWatermark}, in the same package on 1.20 and 2.x).
     *
     * @param eventTime the event-time column, as written
     * @param strategy the strategy as Flink's parser prints it: {@code ts - INTERVAL '5' SECOND} ({@code INTERVAL - '5'
     *     SECOND} prints as {@code INTERVAL -'5' SECOND})
     * @param delay how far the watermark trails the column, where the strategy is the column itself (zero) or the
     *     column plus or minus an interval literal: {@code ts - INTERVAL '5' SECOND} is 5 s, {@code ts + INTERVAL '5'
     *     SECOND} and {@code ts - INTERVAL - '5' SECOND} are -5 s (the watermark ahead of event time); empty for any
     *     other strategy (a function call, a computed column of another column), of which the DDL alone does not tell
     * @param line the line of {@code WATERMARK}, 1-based
     * @param span where the strategy is in the statement's text, by the parser's positions (from its first token to its
     *     last); empty where they are not known
     */
    record Watermark(String eventTime, String strategy, Optional<java.time.Duration> delay, int line, Optional<Span> span) {

        /**
         * The strategy as the user wrote it in {@code text}, the statement's text ({@code ts - INTERVAL - '5' SECOND},
         * where Flink's parser prints {@code INTERVAL -'5' SECOND}), its line breaks and runs of blanks read as one
         * blank; as Flink prints it where the span does not fall in {@code text}.
         */
        public String written(String text) {
            return span.flatMap(s -> s.in(text)).map(w -> w.strip().replaceAll("\\s+", " ")).orElse(strategy);
        }
    }

    /**
     * A {@code 'key' = 'value'} pair found in the statement, with its 1-based position.
     *
     * @param source where it was found: {@code WITH}, {@code OPTIONS hint}, {@code STATE_TTL hint}
     */
    record SqlOption(String key, String value, String source, int line, int column, Optional<Span> valueSpan) {

        public SqlOption {
            Objects.requireNonNull(valueSpan);
        }

        /** An option whose value's place in the text is not known. */
        public SqlOption(String key, String value, String source, int line, int column) {
            this(key, value, source, line, column, Optional.empty());
        }
    }

    /**
     * Where a literal is in the statement's text, as Flink's parser saw it ({@code SqlParserPos}):
     * the whole literal as written, {@code U&'...'} prefix and string parts continued on later
     * lines ({@code 'a'\n'b'}) included.
     *
     * @param line 1-based line of its first character
     * @param column 1-based column of its first character
     * @param endLine 1-based line of its last character
     * @param endColumn 1-based column of its last character
     */
    record Span(int line, int column, int endLine, int endColumn) {

        /** The text of this span in {@code text}, from its first character to its last; empty where it does not fall in it. */
        public Optional<String> in(String text) {
            int start = offset(text, line, column);
            int last = offset(text, endLine, endColumn);
            return start < 0 || last < start ? Optional.empty() : Optional.of(text.substring(start, last + 1));
        }

        /** The offset of this span's first character in {@code text}; -1 where it does not fall in it. */
        public int start(String text) {
            return offset(text, line, column);
        }

        /** The offset of a 1-based line and column in {@code text} (lines end at {@code \n}); -1 where there is none. */
        private static int offset(String text, int line, int column) {
            int at = 0;
            for (int l = 1; l < line; l++) {
                at = text.indexOf('\n', at);
                if (at < 0) {
                    return -1;
                }
                at++;
            }
            return column < 1 || at + column - 1 >= text.length() ? -1 : at + column - 1;
        }
    }

    /**
     * The sources of a {@code plan} option ({@link SqlFacts#planFiles}): which statement names the
     * file, and so what Flink does with it ({@code TableEnvironmentImpl#executeInternal}).
     */
    enum PlanFile {
        /** {@code COMPILE PLAN 'f' FOR ...}: writes the file; an existing one only with {@code table.plan.force-recompile}. */
        COMPILE("COMPILE PLAN"),
        /** {@code COMPILE PLAN IF NOT EXISTS 'f' FOR ...}: writes the file when it does not exist. */
        COMPILE_IF_NOT_EXISTS("COMPILE PLAN IF NOT EXISTS"),
        /**
         * {@code COMPILE AND EXECUTE PLAN 'f' FOR ...}: when the file exists, runs the plan in it and
         * ignores the statement after {@code FOR}; else compiles that statement, writes the file and
         * runs it.
         */
        COMPILE_AND_EXECUTE("COMPILE AND EXECUTE PLAN"),
        /** {@code EXECUTE PLAN 'f'}: runs the plan in the file. */
        EXECUTE("EXECUTE PLAN");

        private final String source;

        PlanFile(String source) {
            this.source = source;
        }

        /** The statement's keywords, the {@link SqlOption#source()} of its {@code plan} option. */
        public String source() {
            return source;
        }

        /** True when Flink may write the file: every form but {@code EXECUTE PLAN}. */
        public boolean writes() {
            return this != EXECUTE;
        }

        /** True when Flink runs the plan in the file when the file exists. */
        public boolean runsStoredPlan() {
            return this == EXECUTE || this == COMPILE_AND_EXECUTE;
        }

        /** The form whose source is {@code source}, if any. */
        public static Optional<PlanFile> of(String source) {
            for (PlanFile form : values()) {
                if (form.source.equals(source)) {
                    return Optional.of(form);
                }
            }
            return Optional.empty();
        }
    }

    /**
     * A {@code STATE_TTL} hint option that Flink drops for another one naming the same input of the
     * same query block, as Flink 2.3.0 plans them (measured: the compiled plan's state TTL): of two
     * {@code STATE_TTL} hints on one {@code SELECT}, the first hint's option for an input wins (a
     * later hint's option for another input still applies); within one hint, a key written twice
     * keeps its last value (Calcite's {@code SqlHint#getOptionKVPairs} is a map).
     *
     * @param dropped the option Flink drops
     * @param kept the option for the same input that Flink applies
     * @param sameHint true when both are in one hint (the key written twice)
     */
    record SupersededHint(SqlOption dropped, SqlOption kept, boolean sameHint) {}

    /**
     * A {@code STATE_TTL} hint option whose key names no input of its query block ({@code HintInputName}: an input's
     * alias, else the table it reads straight). Flink refuses a query planned with it ("The options of following
     * hints cannot match the name of input tables or views", Flink 2.3.0 and 1.20); a {@code CREATE VIEW} that writes
     * it is accepted, and each query that reads the view is refused.
     *
     * @param option the hint option
     * @param inputs the names the block's inputs take, each a key the hint could name
     */
    record UnmatchedHint(SqlOption option, List<String> inputs) {

        public UnmatchedHint {
            inputs = List.copyOf(inputs);
        }
    }
}
