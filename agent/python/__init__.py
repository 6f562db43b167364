"""The Python crash family: path, reproduction ladder, environment, fix templates, pdb probe."""
