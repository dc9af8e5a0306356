import jdk.jfr.consumer.*;
import java.nio.file.*;
import java.util.*;
/** Execution samples on REST I/O threads whose stack holds the guard's parse: is GatewaySessions#holdStatement below it in time? Counts samples with StatementParser#parse by caller. */
public class Order {
    public static void main(String[] a) throws Exception {
        Map<String,Integer> m = new TreeMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(a[0]))) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample")) continue;
            RecordedStackTrace st = e.getStackTrace(); if (st == null) continue;
            boolean parse = false; String caller = null;
            for (RecordedFrame f : st.getFrames()) {
                String c = f.getMethod().getType().getName(), n = f.getMethod().getName();
                if (c.endsWith("FlinkSqlParserImpl")) parse = true;
                if (parse && caller == null && (c.endsWith("StatementPipeline") || c.endsWith("DecidingExecuteStatementHandler") || c.endsWith("OperationExecutor") || c.endsWith("Classifier") || c.endsWith("GatedExecutor"))) caller = c.replaceAll("^.*\\.","") + "#" + n;
            }
            if (parse) m.merge(e.getThread("sampledThread").getJavaName().replaceAll("[-#]?\\d+","") + " <- " + caller, 1, Integer::sum);
        }
        m.forEach((k,v) -> System.out.printf("%5d %s%n", v, k));
    }
}
