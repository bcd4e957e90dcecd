package contract
