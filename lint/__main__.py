from goldlint.cli import main

raise SystemExit(main())
