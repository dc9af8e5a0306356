import jdk.jfr.consumer.*;
import java.nio.file.*;
import java.util.*;

/**
 * Counts, in one gateway JVM's recording (count.jfc: every jdk.ThreadPark and jdk.JavaMonitorWait, threshold 0), the
 * parks and monitor waits of the threads that serve statements, grouped by thread group (the name without its number)
 * and by the first frame outside the JDK (what the thread waited in), from the first io.github.sqlguard.Statement
 * event of the measured rounds on (the guarded JVM) or over the same tail of the recording (the plain one: from
 * the first request after the warm-up, given as an instant). Prints counts and counts per statement.
 * usage: java JfrHops.java REC.jfr STATEMENTS_FROM_END [FROM_EPOCH_MS]
 */
public class JfrHops {
    public static void main(String[] a) throws Exception {
        List<RecordedEvent> evs = RecordingFile.readAllEvents(Path.of(a[0]));
        evs.sort(Comparator.comparing(RecordedEvent::getEndTime));
        long fromMs = a.length > 2 ? Long.parseLong(a[2]) : 0;
        Map<String, Integer> counts = new TreeMap<>();
        int statements = 0;
        for (RecordedEvent e : evs) {
            if (e.getEndTime().toEpochMilli() < fromMs) continue;
            String t = e.getEventType().getName();
            if (t.equals("io.github.sqlguard.Statement")) { statements++; continue; }
            if (!t.equals("jdk.ThreadPark") && !t.equals("jdk.JavaMonitorWait")) continue;
            RecordedThread th = e.getThread();
            String group = th == null ? "?" : th.getJavaName().replaceAll("[-#]?\\d+", "").replaceAll("\\s+$", "");
            String where = "?";
            RecordedStackTrace st = e.getStackTrace();
            if (st != null) {
                for (RecordedFrame f : st.getFrames()) {
                    String c = f.getMethod().getType().getName();
                    if (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")) continue;
                    where = c.replaceAll("^.*\\.", "") + "#" + f.getMethod().getName();
                    break;
                }
                if (where.equals("?") && !st.getFrames().isEmpty()) {
                    // a JDK pool's idle wait: name the pool's method
                    for (RecordedFrame f : st.getFrames()) {
                        String m = f.getMethod().getType().getName().replaceAll("^.*\\.", "") + "#" + f.getMethod().getName();
                        if (m.contains("getTask") || m.contains("take") || m.contains("poll") || m.contains("awaitWork")) { where = "idle " + m; break; }
                    }
                }
            }
            counts.merge(t.replace("jdk.", "") + " | " + group + " | " + where, 1, Integer::sum);
        }
        System.out.println("io.github.sqlguard.Statement events in the window: " + statements);
        counts.forEach((k, v) -> System.out.printf("%6d  %s%n", v, k));
    }
}
