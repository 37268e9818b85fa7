from tests.bench.run import main

raise SystemExit(main())
