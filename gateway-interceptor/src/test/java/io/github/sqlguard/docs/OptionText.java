package io.github.sqlguard.docs;

import io.github.sqlguard.rules.RuleOptions;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.description.Formatter;
import org.apache.flink.configuration.description.TextElement;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How a Flink {@link ConfigOption} reads in the generated documentation: its type, its default and
 * its description, as Flink's {@code ConfigOptionsDocGenerator} renders them (which also reads the
 * option's class through the package-private {@code ConfigOption#getClazz}).
 */
final class OptionText {

    private OptionText() {}

    /** {@code Duration}, {@code Long}, {@code Boolean}, {@code String}, {@code Enum}, {@code List<String>}, ... */
    static String type(ConfigOption<?> option) {
        Class<?> clazz = clazz(option);
        String name = clazz.isEnum() ? "Enum" : clazz.getSimpleName();
        return isList(option) ? "List<" + name + ">" : name;
    }

    /** The default as it is written in {@code config.yaml}: {@code 1 min}, {@code 1000}, {@code (none)}. */
    static String defaultValue(ConfigOption<?> option) {
        if (!option.hasDefaultValue()) {
            return "(none)";
        }
        Object value = option.defaultValue();
        if (value instanceof List<?> list) {
            return list.isEmpty() ? "[]" : list.stream().map(RuleOptions::asText).collect(Collectors.joining(";"));
        }
        return RuleOptions.asText(value);
    }

    /** The description as plain text, with the possible values of an enum option. */
    static String description(ConfigOption<?> option) {
        String text = new PlainText().format(option.description()).strip();
        Class<?> clazz = clazz(option);
        if (clazz.isEnum()) {
            text += " Possible values: " + Arrays.toString(clazz.getEnumConstants()) + ".";
        }
        return text;
    }

    private static Class<?> clazz(ConfigOption<?> option) {
        return (Class<?>) call(option, "getClazz");
    }

    private static boolean isList(ConfigOption<?> option) {
        return (Boolean) call(option, "isList");
    }

    private static Object call(ConfigOption<?> option, String method) {
        try {
            Method m = ConfigOption.class.getDeclaredMethod(method);
            m.setAccessible(true);
            return m.invoke(option);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("ConfigOption#" + method + " is not readable in this Flink version", e);
        }
    }

    /** Flink's description elements as plain text (Flink ships only an HTML formatter). */
    private static final class PlainText extends Formatter {

        @Override
        protected void formatLink(StringBuilder state, String link, String description) {
            state.append(description.isEmpty() ? link : description + " (" + link + ")");
        }

        @Override
        protected void formatLineBreak(StringBuilder state) {
            state.append(' ');
        }

        @Override
        protected void formatText(
                StringBuilder state, String format, String[] elements, EnumSet<TextElement.TextStyle> styles) {
            state.append(String.format(format, (Object[]) elements));
        }

        @Override
        protected void formatList(StringBuilder state, String[] entries) {
            state.append(String.join("; ", entries));
        }

        @Override
        protected Formatter newInstance() {
            return new PlainText();
        }
    }
}
