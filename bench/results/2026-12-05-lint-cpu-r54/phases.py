import sys,collections,re
# phases.py PROFILE...: async-profiler collapsed stacks of lint's JVM (threads) -> samples per phase (round 53's, with the code splitting apart)
def phase(th,s):
    if 'C1 Compiler' in th: return 'C1 compiling (2 threads)'
    if th.startswith('[VM') or 'Service Thread' in th or 'Monitor' in th or 'GC' in th or 'Thread tid' in th: return 'VM and service threads'
    if 'JavaCodeSplitter' in s: return 'splitting generated code (JavaCodeSplitter, both planner threads)'
    if 'sql-guard-planner-2' in th: return 'proof: the rewrite\'s planning (planner-2)'
    if 'sql-guard-planner' in th:
        for p,n in [('GatewaySessions.tableEnvironment|getTableEnvironment|createExecutor','statement: table environment'),
                    ('asJsonString','statement: the plan as JSON (Flink\'s Jackson)'),
                    ('StatementJobs.translate','statement: translation (code generation, stream graph)'),
                    ('PlannerBase.optimize','statement: optimisation'),
                    ('StatementJobs.compilePlan','statement: to rel, exec nodes'),
                    ('ParserImpl.parse','statement: Flink parse + validate'),
                    ('CompiledPlanReader|PlanNodeIds','statement: the guard reads the plan')]:
            if re.search(p,s): return p and n
        return 'statement: rest of the planner thread'
    if 'pool-' in th: return 'Flink operation thread: CREATE TABLE (first planner, parser)'
    if 'main' in th:
        if 'SqlGuardCommand.main' not in s: return 'main: JVM start, launcher, main class'
        for p,n in [('FlinkDefaultRelMetadataProvider','main: planner metadata provider init (moved from the first planning)'),
                    ('keepMetadataHandlers','main: metadata handlers from the file (sources, SHA-256, define)'),
                    ('checkLaunchFile|FastStart.archive','main: fast start checks'),
                    ('LintFormat.<clinit>','main: Jackson first use (LintFormat)'),
                    ('picocli/CommandLine.<init>','main: picocli model'),
                    ('ch/qos/logback|org/slf4j','main: logging set-up'),
                    ('FactoryUtil.discover|ServiceLoader','main: factory discovery (ServiceLoader)'),
                    ('LintCommand.configuration','main: Flink configuration'),
                    ('LintEngine.<init>','main: LintEngine (policy, rules, pipeline)'),
                    ('openSession','main: the session (catalog, module manager)'),
                    ('closeSession|Shutdown|exit','main: shutdown'),
                    ('RewriteStage|Rewriter','main: rewrites (candidates, proof hand-off)'),
                    ('RuleEngine','main: rules'),
                    ('Classifier.parse|StatementParser','main: guard parse'),
                    ('Report|Printer|LintOutput','main: report'),
                    ('Linter','main: lint other'),]:
            if re.search(p,s): return n
        return 'main: other'
    return 'other threads'
for f in sys.argv[1:]:
    c=collections.Counter();t=0
    for line in open(f):
        s,n=line.rsplit(' ',1);n=int(n);th=s.split(';')[0];t+=n;c[phase(th,s)]+=n
    print(f,'samples',t)
    for k,v in sorted(c.items(),key=lambda x:-x[1]): print('  %5d %5.1f%%  %s'%(v,100*v/t,k))
