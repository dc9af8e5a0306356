package io.github.sqlguard.lint;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link MetadataHandlerClasses} with Flink's planner on the class path, as in the CLI jar: the
 * first install compiles the handlers Janino would and keeps them; the next takes every one from
 * the file, and the planner's cache then holds instances of the classes Calcite names for Flink's
 * provider, defined from the kept class files; a damaged file is compiled again and rewritten.
 */
class MetadataHandlerClassesTest {

    private static final String METADATA = "org.apache.calcite.rel.metadata.";

    @AfterEach
    void leaveThePlannerItsOwnCompiles() throws Exception {
        clearPlannersCache();
    }

    @Test
    void theFirstInstallCompilesAndKeepsTheHandlersAndTheNextTakesThemFromTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("archive.jsa.handlers");

        MetadataHandlerClasses.Installed first = MetadataHandlerClasses.install(file);
        assertThat(first.stopped()).isNull();
        assertThat(first.taken()).isZero();
        assertThat(first.compiled()).isGreaterThan(20);
        assertThat(file).isRegularFile();

        clearPlannersCache();
        MetadataHandlerClasses.Installed second = MetadataHandlerClasses.install(file);
        assertThat(second).isEqualTo(new MetadataHandlerClasses.Installed(first.compiled(), 0, first.left(), null));

        Object rowCount = cached(Class.forName(METADATA + "BuiltInMetadata$RowCount$Handler"));
        assertThat(rowCount.getClass().getName())
                .isEqualTo(METADATA + "janino.GeneratedMetadata_RowCountHandler");
        assertThat(rowCount.getClass().getClassLoader().getClass().getName())
                .isEqualTo(MetadataHandlerClasses.class.getName() + "$GeneratedClassLoader");
    }

    @Test
    void aDamagedFileIsCompiledAgainAndRewritten(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("archive.jsa.handlers");
        Files.write(file, new byte[] {0, 5, 'o', 't', 'h', 'e', 'r'});

        MetadataHandlerClasses.Installed installed = MetadataHandlerClasses.install(file);

        assertThat(installed.stopped()).isNull();
        assertThat(installed.taken()).isZero();
        assertThat(installed.compiled()).isGreaterThan(20);
        assertThat(MetadataHandlerClasses.read(file)).hasSize(installed.compiled());
    }

    private static void clearPlannersCache() throws Exception {
        Class.forName(METADATA + "JaninoRelMetadataProvider").getMethod("clearStaticCache").invoke(null);
    }

    /** The handler the planner's cache holds for {@code handlerClass} and Flink's provider. */
    private static Object cached(Class<?> handlerClass) throws Exception {
        Class<?> janino = Class.forName(METADATA + "JaninoRelMetadataProvider");
        Field handlers = janino.getDeclaredField("HANDLERS");
        handlers.setAccessible(true);
        Object cache = handlers.get(null);
        Method asMap = cache.getClass().getMethod("asMap");
        asMap.setAccessible(true);
        Object provider = Class.forName("org.apache.flink.table.planner.plan.metadata.FlinkDefaultRelMetadataProvider")
                .getMethod("INSTANCE").invoke(null);
        for (Map.Entry<?, ?> entry : ((Map<?, ?>) asMap.invoke(cache)).entrySet()) {
            Object key = entry.getKey();
            Field h = key.getClass().getDeclaredField("handlerClass");
            Field p = key.getClass().getDeclaredField("provider");
            h.setAccessible(true);
            p.setAccessible(true);
            if (h.get(key) == handlerClass && p.get(key).equals(provider)) {
                return entry.getValue();
            }
        }
        throw new AssertionError("no handler for " + handlerClass);
    }
}
