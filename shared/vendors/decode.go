package vendors
