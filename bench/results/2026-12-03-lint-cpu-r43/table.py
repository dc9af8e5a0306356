import sys,collections,re
cats=[('C1 compiling','C1 Compiler',None),
('planner: compilePlan (optimisation)','sql-guard-planner','PlannerBase.compilePlan'),
('planner: translation (CompiledPlan#explain)','sql-guard-planner','CompiledPlanImpl.explain'),
('  of which JavaCodeSplitter','sql-guard-planner','JavaCodeSplitter'),
('  of which code generation (codegen)','sql-guard-planner','planner/codegen/'),
('planner: the plan as JSON (asJsonString)','sql-guard-planner','CompiledPlanImpl.asJsonString'),
('planner: all','sql-guard-planner',''),
('Flink operation thread (createPlanner)','pool-1','PlannerFactoryUtil.createPlanner'),
('Flink operation thread: all','pool-1',''),
('main: keepMetadataHandlers','[main','FastStart.keepMetadataHandlers'),
('  of which the provider class init','[main','FlinkDefaultRelMetadataProvider\\$\\.<clinit>'),
('main: picocli CommandLine.<init>','[main','picocli/CommandLine.<init>'),
('  of which LintFormat.<clinit> (Jackson)','[main','LintFormat.<clinit>'),
('main: LintEngine.<init>','[main','LintEngine.<init>'),
('main: session (openSession)','[main','StatementPipeline.openSession'),
('main: JFR event registration','[main','jdk/jfr/'),
('main: Logback','[main','ch/qos/logback'),
('main: all','[main',''),
('VM and service threads','Thread tid',''),
('kernel page faults (all threads)','', 'asm_exc_page_fault'),
('TLB shootdowns (all threads)','', 'flush_tlb_mm_range'),
('JFR (all threads)','', 'jdk/jfr/'),
]
for f in sys.argv[1:]:
  tot=0; c=collections.Counter()
  for line in open(f):
    s,n=line.rsplit(' ',1); n=int(n); th=s.split(';')[0]; tot+=n
    for name,t,p in cats:
      if t and t not in th: continue
      if p is None or p=='' or re.search(p,s): c[name]+=n
  print(f,'total',tot)
  for name,_,_ in cats: print('  %5d %4.1f%%  %s'%(c[name],100*c[name]/tot,name))
