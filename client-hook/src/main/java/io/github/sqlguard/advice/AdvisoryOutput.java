package io.github.sqlguard.advice;

import org.jline.terminal.Terminal;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.function.Supplier;

/**
 * Where advisories are printed: the SQL Client's own terminal. The terminal factory given to
 * Flink's {@code CliClient} is wrapped so that advisories can be printed at the right moment:
 *
 * <ol>
 *   <li>{@link #hold(String, boolean)} after the statement ran (the client is still reading the
 *       input line);
 *   <li>{@link #arm()} when the client has finished reading the line and is about to print the
 *       result: a query's advisory is printed now, above its rows (a streaming query may never
 *       end);
 *   <li>any other statement's advisory is printed at the terminal's next flush, which comes right
 *       after the client printed the result.
 * </ol>
 *
 * Not thread-safe beyond what the single-threaded CLI loop needs.
 */
public final class AdvisoryOutput {

    private Terminal terminal;
    private String held = "";
    private boolean beforeResult;
    private boolean armed;

    /** Wraps {@code factory} so that the terminals it makes print held advisories. */
    public Supplier<Terminal> wrap(Supplier<Terminal> factory) {
        return () -> {
            Terminal real = factory.get();
            terminal = real;
            return (Terminal)
                    Proxy.newProxyInstance(
                            Terminal.class.getClassLoader(),
                            new Class<?>[] {Terminal.class},
                            (proxy, method, args) -> {
                                Object result;
                                try {
                                    result = method.invoke(real, args);
                                } catch (InvocationTargetException e) {
                                    throw e.getCause();
                                }
                                if (method.getName().equals("flush") && method.getParameterCount() == 0) {
                                    printIfArmed();
                                }
                                return result;
                            });
        };
    }

    /** Holds an advisory text until the result is printed. */
    void hold(String text, boolean query) {
        held = text;
        beforeResult = query;
        armed = false;
    }

    /** Drops a held advisory (the statement failed: its error already carries the findings). */
    void drop() {
        held = "";
        armed = false;
    }

    /** The client has finished reading the statement; print a query's advisory now, others after the result. */
    void arm() {
        if (held.isEmpty()) {
            return;
        }
        if (beforeResult) {
            print();
        } else {
            armed = true;
        }
    }

    private void printIfArmed() {
        if (armed && !held.isEmpty()) {
            print();
        }
    }

    private void print() {
        String text = held;
        held = "";
        armed = false;
        if (terminal == null) {
            System.out.println(text);
            return;
        }
        terminal.writer().println();
        terminal.writer().print(text);
        terminal.writer().flush();
        terminal.flush();
    }
}
