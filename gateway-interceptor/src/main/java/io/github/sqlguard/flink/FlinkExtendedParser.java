package io.github.sqlguard.flink;

import org.apache.flink.table.delegation.PlannerFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.operations.Operation;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.Optional;

/**
 * Flink's extended parser, {@code org.apache.flink.table.planner.parse.ExtendedParser}: the first
 * parser of the default dialect's chain. Flink's {@code ParserImpl#parse} asks it before its SQL
 * parser, and whatever it matches is run as it reads it: {@code SET} and {@code RESET} with an
 * unquoted key ({@code SetOperationParseStrategy}, {@code ResetOperationParseStrategy}), a bare
 * {@code SET}/{@code RESET}, {@code HELP}, {@code CLEAR}, {@code QUIT}/{@code EXIT}. So the guard
 * asks it first too, and reads such a statement as Flink will run it, without the SQL parser.
 *
 * <p>The class lives in the table planner, which Flink's distribution loads in a class loader of
 * its own ({@code flink-table-planner-loader}). It is reached through the planner factory Flink
 * discovers, {@link PlannerFactory} {@code default}: the planner's own class when the full planner
 * is on the class path, else the loader's {@code DelegatePlannerFactory}, whose {@code delegate}
 * field holds it (a package-private field of {@code BaseDelegateFactory}, the same in Flink 1.20
 * and 2.3). When neither works, {@link #parse} answers empty for every statement and the guard
 * reads every statement with the SQL parser first and the session's parser chain after, as it
 * did before; a message at INFO says why, once.
 *
 * <p>Thread-safe: Flink's strategies are stateless regular expressions.
 */
public final class FlinkExtendedParser {

    private static final Logger LOG = LoggerFactory.getLogger(FlinkExtendedParser.class);

    static final String EXTENDED_PARSER = "org.apache.flink.table.planner.parse.ExtendedParser";

    private FlinkExtendedParser() {}

    /** Loaded on first use: the planner's class loader unpacks the planner, as Flink does on its first session. */
    private static final class Holder {
        static final MethodHandle PARSE = load();
    }

    /**
     * What Flink's extended parser reads from {@code statement}: the one operation Flink runs for
     * it, or empty when none of its strategies matches (Flink then asks its SQL parser), or when the
     * extended parser is not available.
     *
     * @throws RuntimeException what Flink's strategy throws when it matches a statement it then
     *     cannot convert (a {@code TableException}); Flink fails the statement with it
     */
    @SuppressWarnings("unchecked")
    public static Optional<Operation> parse(String statement) {
        MethodHandle parse = Holder.PARSE;
        if (parse == null || statement == null) {
            return Optional.empty();
        }
        try {
            return (Optional<Operation>) parse.invokeExact(statement);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("Flink's extended parser failed on a statement: " + e, e);
        }
    }

    /** True when Flink's extended parser was found (false: every statement goes to the SQL parser first). */
    public static boolean available() {
        return Holder.PARSE != null;
    }

    private static MethodHandle load() {
        try {
            ClassLoader plannerLoader = plannerClassLoader();
            Class<?> extended = Class.forName(EXTENDED_PARSER, true, plannerLoader);
            Object instance = extended.getField("INSTANCE").get(null);
            return MethodHandles.publicLookup()
                    .findVirtual(extended, "parse", MethodType.methodType(Optional.class, String.class))
                    .bindTo(instance)
                    .asType(MethodType.methodType(Optional.class, String.class));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.info("sql-guard could not load Flink's extended parser ({}): every statement is read by Flink's SQL"
                    + " parser first, and one it rejects by the session's own parser chain.", e.toString());
            return null;
        }
    }

    /**
     * The class loader of the table planner Flink discovers for the default dialect.
     */
    static ClassLoader plannerClassLoader() throws ReflectiveOperationException {
        ClassLoader ours = FlinkExtendedParser.class.getClassLoader();
        PlannerFactory factory =
                FactoryUtil.discoverFactory(ours, PlannerFactory.class, PlannerFactory.DEFAULT_IDENTIFIER);
        for (Class<?> c = factory.getClass(); c != null; c = c.getSuperclass()) {
            if (c.getName().equals("org.apache.flink.table.planner.loader.BaseDelegateFactory")) {
                Field delegate = c.getDeclaredField("delegate");
                delegate.setAccessible(true);
                return delegate.get(factory).getClass().getClassLoader();
            }
        }
        return factory.getClass().getClassLoader();
    }
}
